import { retryAfterMs } from '@probedge/kit';
import type { SymbolMatch } from '@probedge/proto';
import {
  ProviderError,
  type ProviderErrorCode,
  type ProviderQuote,
  type ProviderSettings,
} from './market-provider';

export interface ProviderHttpOptions {
  provider: string;
  baseUrl: string;
  /** Headers every call carries (the key goes here, never into a URL that could be logged). */
  headers: Record<string, string>;
  /**
   * Parameters every call carries, for a provider that takes its key nowhere but the address (FRED).
   * The address is never logged nor put into an error's message.
   */
  query?: Record<string, string>;
  timeoutMs: number;
}

/** Largest answer an adapter reads; a provider's JSON for five years of bars is far below it. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * GET a provider's JSON, mapping every way it can fail to a ProviderError: 429 → rate-limited (with
 * Retry-After), 401/403 → refused, 5xx or a cut connection → unavailable, no answer in time →
 * timeout, a body that is not JSON → bad-answer. Other 4xx are the adapter's to read (a provider's
 * 404 for an unknown symbol), so the status and body come back.
 */
export async function getProviderJson(
  options: ProviderHttpOptions,
  path: string,
  query: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const url = new URL(path.replace(/^\//, ''), options.baseUrl.replace(/\/?$/, '/'));
  for (const [key, value] of Object.entries({ ...options.query, ...query })) {
    url.searchParams.set(key, value);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ProviderError(
        options.provider,
        'timeout',
        `no answer within ${options.timeoutMs} ms`,
      );
    }
    throw new ProviderError(
      options.provider,
      'unavailable',
      'could not be reached',
      undefined,
      error,
    );
  }
  const status = response.status;
  if (status === 429) {
    await response.body?.cancel();
    throw new ProviderError(
      options.provider,
      'rate-limited',
      'answered 429',
      retryAfterMs(response.headers.get('retry-after')),
    );
  }
  if (status === 401 || status === 403) {
    await response.body?.cancel();
    throw new ProviderError(options.provider, 'refused', `answered ${status}`);
  }
  if (status >= 500 || (status >= 300 && status < 400)) {
    await response.body?.cancel();
    throw new ProviderError(options.provider, 'unavailable', `answered ${status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) {
    await response.body?.cancel();
    throw new ProviderError(options.provider, 'bad-answer', `answer of ${declared} bytes`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    const name = (error as { name?: string }).name;
    throw new ProviderError(
      options.provider,
      name === 'TimeoutError' ? 'timeout' : 'unavailable',
      'answer cut off',
      undefined,
      error,
    );
  }
  if (text.length > MAX_BODY_BYTES) {
    throw new ProviderError(options.provider, 'bad-answer', `answer of ${text.length} characters`);
  }
  try {
    return { status, body: JSON.parse(text) as unknown };
  } catch (error) {
    throw new ProviderError(options.provider, 'bad-answer', 'answer is not JSON', undefined, error);
  }
}

/** A finite number from a provider's number or numeric string; null otherwise. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

export function toText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The change since the previous close as a provider gives it, or worked out from the previous close
 * where it gives only that; null when neither is there.
 */
export function dailyChange(
  price: number,
  previousClose: number | null,
  change: number | null,
  percentChange: number | null,
): { change: number; percentChange: number } | null {
  const absolute = change ?? (previousClose === null ? null : price - previousClose);
  const relative =
    percentChange ?? (previousClose && absolute !== null ? (absolute / previousClose) * 100 : null);
  return absolute === null || relative === null
    ? null
    : { change: absolute, percentChange: relative };
}

/**
 * What the adapters of keyed HTTP providers (each a MarketDataProvider) share: their calls (where the key travels is the
 * adapter's: `key` gives the headers and any parameters carrying it) and how an answer whose shape
 * is not recognised is reported.
 */
export abstract class HttpProvider {
  private readonly http: ProviderHttpOptions;

  constructor(
    readonly name: string,
    settings: ProviderSettings,
    key: Pick<ProviderHttpOptions, 'headers' | 'query'>,
  ) {
    this.http = {
      provider: name,
      baseUrl: settings.baseUrl,
      timeoutMs: settings.timeoutMs,
      ...key,
    };
  }

  protected getJson(path: string, query: Record<string, string>) {
    return getProviderJson(this.http, path, query);
  }

  /** A failure of this provider, for the service to count against its breaker. */
  protected failure(code: ProviderErrorCode, message: string): ProviderError {
    return new ProviderError(this.name, code, message);
  }

  protected badAnswer(path: string, what: string): ProviderError {
    return this.failure('bad-answer', `${path}: ${what}`);
  }

  /** Quotes from a provider that answers one symbol a call: asked together, unknown ones left out. */
  protected async quotesOneByOne(
    symbols: readonly string[],
    quote: (symbol: string) => Promise<ProviderQuote | null>,
  ): Promise<Map<string, ProviderQuote>> {
    const answers = await Promise.all(symbols.map(quote));
    const found = new Map<string, ProviderQuote>();
    for (const answer of answers) if (answer) found.set(answer.symbol, answer);
    return found;
  }

  /**
   * Search results as matches: `fields` names where each item keeps the name, the exchange (where
   * it has one) and the type. Items without a symbol or a name are skipped.
   */
  protected symbolMatches(
    items: readonly unknown[],
    fields: { name: string; exchange?: string; type: string },
  ): SymbolMatch[] {
    const matches: SymbolMatch[] = [];
    for (const item of items) {
      if (!isRecord(item)) continue;
      const symbol = toText(item.symbol);
      const name = toText(item[fields.name]);
      if (symbol === null || name === null) continue;
      const exchange = fields.exchange === undefined ? null : toText(item[fields.exchange]);
      matches.push({ symbol, name, exchange, type: toText(item[fields.type]) });
    }
    return matches;
  }
}
