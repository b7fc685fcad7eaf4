import { CodedError } from '@probedge/kit';

export type MarketErrorCode = 'no-provider' | 'unavailable' | 'unknown-symbol' | 'bad-input';

const STATUS: Record<MarketErrorCode, number> = {
  'no-provider': 503,
  unavailable: 503,
  'unknown-symbol': 404,
  'bad-input': 400,
};

/** What the market API answers with when it cannot give figures; the kit's filter maps the status. */
export class MarketError extends CodedError<MarketErrorCode> {
  constructor(code: MarketErrorCode, message: string) {
    super(code, message, { status: STATUS[code], retryable: code === 'unavailable' });
  }
}

export const NO_MARKET_PROVIDER_MESSAGE = 'No market data provider is configured';
export const MARKET_UNAVAILABLE_MESSAGE =
  'Market data is unavailable right now: no provider answered. Try again shortly.';
