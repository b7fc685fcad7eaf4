import { ConfigError } from '@probedge/kit';
import { loadMarketsConfig } from './env';

describe('markets configuration', () => {
  it('names no provider by default, and FRED at its published rate', () => {
    const config = loadMarketsConfig({});

    expect(config.MARKET_PROVIDERS).toEqual([]);
    expect(config.FRED_BASE_URL).toBe('https://api.stlouisfed.org/fred');
    expect(config.FRED_CALLS_PER_MINUTE).toBe(120);
    expect(config.FRED_API_KEY).toBeUndefined();
  });

  it('requires the key of each provider MARKET_PROVIDERS names, naming every missing one', () => {
    expect(() => loadMarketsConfig({ MARKET_PROVIDERS: 'finnhub,fred' })).toThrow(ConfigError);
    expect(() => loadMarketsConfig({ MARKET_PROVIDERS: 'finnhub,fred' })).toThrow(
      /FINNHUB_API_KEY[\s\S]*FRED_API_KEY: required when MARKET_PROVIDERS names fred/,
    );
  });

  it('accepts fred with its key, in the order given', () => {
    const config = loadMarketsConfig({
      MARKET_PROVIDERS: 'sandbox,fred',
      FRED_API_KEY: 'abcdefghijklmnopqrstuvwxyz123456',
    });

    expect(config.MARKET_PROVIDERS).toEqual(['sandbox', 'fred']);
  });
});
