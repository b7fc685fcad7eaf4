import { z } from 'zod';
import { brandShape, ConfigError, env, loadConfig } from './env';

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

describe('brand settings', () => {
  it('defaults to the product brand and its support address', () => {
    expect(loadConfig(brandShape, {})).toEqual({
      BRAND_NAME: 'ProbEdge',
      SUPPORT_EMAIL: 'support@probedge.example',
    });
  });

  it('refuses a brand with markup and a support address that is not one', () => {
    expect(() => loadConfig(brandShape, { BRAND_NAME: '<b>Acme</b>' })).toThrow('BRAND_NAME');
    expect(() => loadConfig(brandShape, { SUPPORT_EMAIL: 'help desk' })).toThrow('SUPPORT_EMAIL');
    expect(z.object(brandShape).parse({ BRAND_NAME: ' Acme ' }).BRAND_NAME).toBe('Acme');
  });
});

describe('env.weekdays', () => {
  const days = (value?: string) => env.weekdays('mon,tue,wed,thu,fri').safeParse(value);

  it('reads day names into sorted day numbers, Sunday 0', () => {
    expect(days(undefined).data).toEqual([1, 2, 3, 4, 5]);
    expect(days('Sun, sat,mon,mon').data).toEqual([0, 1, 6]);
  });

  it('refuses anything that is not a day name', () => {
    expect(days('mon,funday').success).toBe(false);
    expect(days('').success).toBe(false);
  });
});
