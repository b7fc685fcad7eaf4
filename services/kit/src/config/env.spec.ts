import { z } from 'zod';
import { ConfigError, env, loadConfig } from './env';

const shape = {
  PORT: env.port(4001),
  DATABASE_URL: env.postgresUrl('postgresql://localhost/db'),
  FEATURE: env.boolean(false),
  NAME: z.string(),
};

describe('loadConfig', () => {
  it('applies defaults and coerces types', () => {
    const config = loadConfig(shape, { NAME: 'x' });
    expect(config).toEqual({
      PORT: 4001,
      DATABASE_URL: 'postgresql://localhost/db',
      FEATURE: false,
      NAME: 'x',
    });
  });

  it('reads booleans and numbers from strings', () => {
    const config = loadConfig(shape, { NAME: 'x', PORT: '9000', FEATURE: 'yes' });
    expect(config.PORT).toBe(9000);
    expect(config.FEATURE).toBe(true);
  });

  it('names every bad key at once', () => {
    let caught: unknown;
    try {
      loadConfig(shape, { PORT: '70000', DATABASE_URL: 'mysql://x', FEATURE: 'maybe' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const issues = (caught as ConfigError).issues.join('\n');
    for (const key of ['PORT', 'DATABASE_URL', 'FEATURE', 'NAME']) expect(issues).toContain(key);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig(shape, { NAME: 'x', PORT: '' }).PORT).toBe(4001);
  });
});
