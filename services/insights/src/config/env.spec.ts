import { ConfigError } from '@probedge/kit';
import { loadInsightsConfig } from './env';

describe('insights configuration', () => {
  it('defaults to the built-in writer, New York weekday mornings and port 4003', () => {
    const config = loadInsightsConfig({});
    expect(config).toMatchObject({
      PORT: 4003,
      MARKET_TIMEZONE: 'America/New_York',
      INSIGHTS_SCHEDULE_TIME: '08:30',
      NEWS_GRPC_URL: '127.0.0.1:5002',
      // Below the gateway's default UPSTREAM_TIMEOUT_MS (10 s), so a slow job answers 202, not 504.
      INSIGHTS_GENERATE_WAIT_MS: 8000,
    });
    expect(config.LLM_BASE_URL).toBeUndefined();
    expect(config.INSIGHTS_ADMIN_TOKEN).toBeUndefined();
  });

  it('names every bad variable', () => {
    const load = () =>
      loadInsightsConfig({
        MARKET_TIMEZONE: 'Mars/Olympus',
        INSIGHTS_SCHEDULE_TIME: '8.30',
        LLM_BASE_URL: 'ftp://models',
        INSIGHTS_ADMIN_TOKEN: 'short',
      });
    expect(load).toThrow(ConfigError);
    for (const key of [
      'MARKET_TIMEZONE',
      'INSIGHTS_SCHEDULE_TIME',
      'LLM_BASE_URL',
      'INSIGHTS_ADMIN_TOKEN',
    ]) {
      expect(load).toThrow(key);
    }
  });
});
