const path = require('node:path');
const { pathToFileURL } = require('node:url');

module.exports = async function globalSetup() {
  process.env.STACK_PORT_OFFSET = process.env.STACK_PORT_OFFSET ?? '10000';
  process.env.STACK_DB_SUFFIX = process.env.STACK_DB_SUFFIX ?? '_e2e';
  process.env.NODE_ENV = 'production';
  // Request logs of eight processes would bury the test output; warnings and errors still show.
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
  // Every browser test comes from one address; the general limit would otherwise count them all.
  process.env.RATE_LIMIT_GENERAL = process.env.RATE_LIMIT_GENERAL ?? '100000';
  // The purchase runs against billing's sandbox provider, never real Stripe, whatever the shell holds.
  process.env.STRIPE_SECRET_KEY = '';
  const stack = await import(
    pathToFileURL(path.join(__dirname, '../../../deploy/local/stack.mjs')).href
  );
  const settings = stack.stackSettings();
  // The browser visits the gateway's loopback address; checkout's return URLs must use the same
  // origin, or the access cookie set there is not sent back.
  process.env.PUBLIC_URL = settings.gatewayUrl;
  await stack.reset(settings);
  await stack.prepare(settings);
  globalThis.__PROBEDGE_STACK_STOP__ = await stack.start(settings);
  process.env.E2E_BASE_URL = settings.gatewayUrl;
  // The stack's mail catcher (MailDev): the browser tests read sign-in links from its REST API.
  process.env.E2E_MAIL_URL = settings.mailInboxUrl;
};
