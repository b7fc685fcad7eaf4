import { Logger } from '@nestjs/common';
import type { Bar, SymbolMatch } from '@probedge/proto';
import type { Pool } from 'pg';

/** The sessions a provider has answered in full for one instrument, YYYY-MM-DD inclusive. */
export interface Span {
  from: string;
  to: string;
}

export type StoreOperation = 'read-bars' | 'keep-bars' | 'keep-instruments' | 'search';

export interface StoreObserver {
  failed(operation: StoreOperation): void;
}

const DATE = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** Characters ILIKE reads as patterns, escaped so a query matches itself. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Completed sessions' bars and the instruments providers have named, each row under the provider
 * it came from. Every method is best effort: a database that is away or failing is logged and
 * counted, and the caller carries on with the providers alone (a read gives null, a write nothing).
 */
export class MarketStore {
  private readonly logger = new Logger(MarketStore.name);

  constructor(
    private readonly pool: Pool,
    private readonly observer: StoreObserver,
  ) {}

  /** Each listed provider's span of complete bars for `symbol`; null when the store cannot say. */
  spans(symbol: string, sources: readonly string[]): Promise<Map<string, Span> | null> {
    return this.guard('read-bars', null, async () => {
      const { rows } = await this.pool.query<{ source: string; from: string; to: string }>(
        `SELECT source, ${DATE('from_date')} AS "from", ${DATE('to_date')} AS "to"
           FROM bar_coverage WHERE symbol = $1 AND source = ANY($2::text[])`,
        [symbol, sources],
      );
      return new Map(rows.map((row) => [row.source, { from: row.from, to: row.to }]));
    });
  }

  /** The stored bars of `symbol` from `source` between two dates, oldest first; null on failure. */
  bars(source: string, symbol: string, from: string, to: string): Promise<Bar[] | null> {
    return this.guard('read-bars', null, async () => {
      const { rows } = await this.pool.query<Bar>(
        `SELECT ${DATE('date')} AS date, open, high, low, close, volume::float8 AS volume
           FROM daily_bars
          WHERE source = $1 AND symbol = $2 AND date BETWEEN $3::date AND $4::date
          ORDER BY date`,
        [source, symbol, from, to],
      );
      return rows;
    });
  }

  /**
   * Keeps `bars` (already cut to completed sessions) and records `span` as answered in full, in
   * one transaction: a span is never recorded without its bars.
   */
  keepBars(source: string, symbol: string, bars: readonly Bar[], span: Span): Promise<void> {
    return this.guard('keep-bars', undefined, async () => {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        if (bars.length > 0) {
          await client.query(
            `INSERT INTO daily_bars (source, symbol, date, open, high, low, close, volume)
             SELECT $1, $2, b.date, b.open, b.high, b.low, b.close, b.volume
               FROM unnest($3::date[], $4::float8[], $5::float8[], $6::float8[], $7::float8[],
                           $8::bigint[]) AS b(date, open, high, low, close, volume)
             ON CONFLICT (source, symbol, date) DO UPDATE
               SET open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low,
                   close = EXCLUDED.close, volume = EXCLUDED.volume`,
            [
              source,
              symbol,
              bars.map((bar) => bar.date),
              bars.map((bar) => bar.open),
              bars.map((bar) => bar.high),
              bars.map((bar) => bar.low),
              bars.map((bar) => bar.close),
              bars.map((bar) => (bar.volume === null ? null : Math.round(bar.volume))),
            ],
          );
        }
        await client.query(
          `INSERT INTO bar_coverage (source, symbol, from_date, to_date)
           VALUES ($1, $2, $3::date, $4::date)
           ON CONFLICT (source, symbol) DO UPDATE
             SET from_date = EXCLUDED.from_date, to_date = EXCLUDED.to_date, updated_at = now()`,
          [source, symbol, span.from, span.to],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    });
  }

  /** Adds or refreshes instruments a provider named; what it left out keeps its earlier value. */
  keepInstruments(source: string, matches: readonly SymbolMatch[]): Promise<void> {
    if (matches.length === 0) return Promise.resolve();
    return this.guard('keep-instruments', undefined, async () => {
      await this.pool.query(
        `INSERT INTO instruments (source, symbol, name, exchange, type)
         SELECT DISTINCT ON (m.symbol) $1, m.symbol, m.name, m.exchange, m.type
           FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS m(symbol, name, exchange, type)
         ON CONFLICT (source, symbol) DO UPDATE
           SET name = EXCLUDED.name,
               exchange = COALESCE(EXCLUDED.exchange, instruments.exchange),
               type = COALESCE(EXCLUDED.type, instruments.type),
               updated_at = now()`,
        [
          source,
          matches.map((match) => match.symbol),
          matches.map((match) => match.name),
          matches.map((match) => match.exchange),
          matches.map((match) => match.type),
        ],
      );
    });
  }

  /**
   * Instruments whose symbol starts with `query` or whose name contains it, from the first listed
   * provider that named each: the exact symbol first, then symbols by the query, then names.
   */
  searchInstruments(
    query: string,
    sources: readonly string[],
    limit: number,
  ): Promise<{ source: string; match: SymbolMatch }[] | null> {
    return this.guard('search', null, async () => {
      const { rows } = await this.pool.query<SymbolMatch & { source: string }>(
        `SELECT source, symbol, name, exchange, type FROM (
           SELECT DISTINCT ON (symbol) source, symbol, name, exchange, type
             FROM instruments
            WHERE source = ANY($1::text[])
              AND (upper(symbol) LIKE upper($2) || '%' ESCAPE '\\' OR name ILIKE '%' || $2 || '%' ESCAPE '\\')
            ORDER BY symbol, array_position($1::text[], source)
         ) AS found
         ORDER BY upper(symbol) = upper($3) DESC, upper(symbol) LIKE upper($2) || '%' ESCAPE '\\' DESC,
                  length(symbol), symbol
         LIMIT $4`,
        [sources, likeEscaped(query), query, limit],
      );
      return rows.map(({ source, ...match }) => ({ source, match }));
    });
  }

  private async guard<T>(operation: StoreOperation, fallback: T, work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      this.observer.failed(operation);
      const reason = (error as { code?: string }).code ?? (error as Error).message;
      this.logger.warn(
        `market store ${operation} failed (${reason}); answering from the providers`,
      );
      return fallback;
    }
  }
}
