/**
 * What the services' config schemas (src/config/env.ts) load from `@probedge/kit` in these tests
 * (deploy/jest.config.js maps the package here): the config helpers, the mail settings, and the
 * coded errors and calendar helpers that the markets schema reaches through its provider names. Not
 * the whole server library.
 */
export * from '../../../services/kit/src/config/env';
export { mailShape } from '../../../services/kit/src/mail/mailer';
export * from '../../../services/kit/src/errors/coded-error';
export * from '../../../services/kit/src/time/market-date';
