import type { Bar, SymbolMatch } from '@probedge/proto';
import type {
  MarketOperation,
  ProviderProfile,
  ProviderQuote,
  ProviderSettings,
} from './market-provider';
import { dailyChange, HttpProvider, isRecord, toNumber, toText } from './provider-http';

export const FINNHUB = 'finnhub';
export const FINNHUB_BASE_URL = 'https://finnhub.io/api/v1';

/**
 * Finnhub (finnhub.io): /quote, /stock/profile2 with /stock/metric, /search. Daily candles are outside
 * the free plan, so history is left to the next provider. The key travels in X-Finnhub-Token, never in
 * the address.
 */
export class FinnhubProvider extends HttpProvider {
  readonly operations: ReadonlySet<MarketOperation> = new Set(['quotes', 'profile', 'search']);
  readonly isLive = true;
  readonly delayMinutes = 0;

  constructor(settings: ProviderSettings) {
    super(FINNHUB, settings, { headers: { 'x-finnhub-token': settings.apiKey } });
  }

  quotes(symbols: readonly string[]): Promise<Map<string, ProviderQuote>> {
    // One call per symbol: /quote takes one. The service caches each, so a symbol costs one call per
    // freshness window.
    return this.quotesOneByOne(symbols, (symbol) => this.quote(symbol));
  }

  private async quote(symbol: string): Promise<ProviderQuote | null> {
    const { body } = await this.get('/quote', { symbol });
    if (!isRecord(body)) throw this.badAnswer('/quote', 'not an object');
    const price = toNumber(body.c);
    const previousClose = toNumber(body.pc);
    const time = toNumber(body.t);
    if (price === null || time === null) throw this.badAnswer('/quote', 'no c or t');
    // An unknown symbol answers 200 with every figure 0 and d/dp null.
    if (price === 0 && time === 0) return null;
    const moved = dailyChange(price, previousClose, toNumber(body.d), toNumber(body.dp));
    if (!moved) throw this.badAnswer('/quote', 'no change');
    return {
      symbol,
      name: null,
      price,
      ...moved,
      currency: 'USD',
      asOf: new Date(time * 1000),
    };
  }

  async profile(symbol: string): Promise<ProviderProfile | null> {
    const [company, metrics] = await Promise.all([
      this.get('/stock/profile2', { symbol }),
      this.get('/stock/metric', { symbol, metric: 'all' }),
    ]);
    if (!isRecord(company.body)) throw this.badAnswer('/stock/profile2', 'not an object');
    // An unknown symbol answers {}; any other object without a ticker or a name is not a profile.
    if (Object.keys(company.body).length === 0) return null;
    if (toText(company.body.ticker) === null && toText(company.body.name) === null) {
      throw this.badAnswer('/stock/profile2', 'no ticker or name');
    }
    const metric =
      isRecord(metrics.body) && isRecord(metrics.body.metric) ? metrics.body.metric : {};
    const capMillions = toNumber(company.body.marketCapitalization);
    return {
      name: toText(company.body.name),
      // Finnhub classifies by one industry field; it has no separate sector.
      sector: null,
      industry: toText(company.body.finnhubIndustry),
      marketCap: capMillions === null ? null : capMillions * 1_000_000,
      peRatio: toNumber(metric.peTTM) ?? toNumber(metric.peBasicExclExtraTTM),
      pbRatio: toNumber(metric.pbQuarterly) ?? toNumber(metric.pbAnnual),
      exchange: toText(company.body.exchange),
      currency: toText(company.body.currency),
    };
  }

  history(): Promise<Bar[] | null> {
    return Promise.reject(this.failure('refused', 'daily candles are not in the plan'));
  }

  async search(query: string): Promise<SymbolMatch[]> {
    const { body } = await this.get('/search', { q: query });
    if (!isRecord(body) || !Array.isArray(body.result))
      throw this.badAnswer('/search', 'no result');
    return this.symbolMatches(body.result, { name: 'description', type: 'type' });
  }

  private async get(path: string, query: Record<string, string>) {
    const answer = await this.getJson(path, query);
    if (answer.status >= 400) {
      throw this.failure('bad-answer', `${path} answered ${answer.status}`);
    }
    return answer;
  }
}
