import type { UpsertCounts } from '../articles/articles.repository';
import { DROP_REASONS, type DropReason } from './article-draft.util';
import type { FeedRecovery } from './feed-parser.util';

/**
 * What became of one fetch's items. Every item is exactly one of stored, known, duplicate or
 * dropped; recovered is counted across those: an item is recovered when its document needed any
 * recovery (every item of such a document, whatever became of it), as the slips are the document's.
 */
export interface ItemTally {
  /** Items the document held. */
  items: number;
  /** New articles written. */
  stored: number;
  /** Items this source had already given (updated or unchanged). */
  known: number;
  /** Items whose story another source already shows, or repeated within the document. */
  duplicates: number;
  recovered: number;
  /** The document's recoveries, each once. */
  recoveries: FeedRecovery[];
  dropped: Record<DropReason, number>;
}

/** Outcomes of news_feed_items_total; `reason` is set on `dropped` only, from DROP_REASONS. */
export type ItemOutcome = 'stored' | 'known' | 'duplicate' | 'recovered' | 'dropped';

export function tallyItems(input: {
  items: number;
  recoveries: readonly FeedRecovery[];
  drops: readonly DropReason[];
  counts: UpsertCounts;
}): ItemTally {
  const dropped = Object.fromEntries(DROP_REASONS.map((reason) => [reason, 0])) as Record<
    DropReason,
    number
  >;
  for (const reason of input.drops) dropped[reason] += 1;
  return {
    items: input.items,
    stored: input.counts.created,
    known: input.counts.updated + input.counts.unchanged,
    duplicates: input.counts.duplicates,
    recovered: input.recoveries.length > 0 ? input.items : 0,
    recoveries: [...input.recoveries],
    dropped,
  };
}

/** The tally as log fields: drop reasons that occurred only, so a clean fetch logs `dropped: {}`. */
export function tallyLogFields(tally: ItemTally) {
  const dropped = Object.fromEntries(
    Object.entries(tally.dropped).filter(([, count]) => count > 0),
  ) as Partial<Record<DropReason, number>>;
  return {
    items: tally.items,
    stored: tally.stored,
    known: tally.known,
    duplicates: tally.duplicates,
    recovered: tally.recovered,
    ...(tally.recoveries.length > 0 ? { recoveries: tally.recoveries } : {}),
    dropped,
  };
}

/**
 * The tally as counter increments, every outcome and every reason even at zero, so each series
 * exists from a source's first fetch and a rate over it starts there.
 */
export function tallySeries(
  tally: ItemTally,
): { outcome: ItemOutcome; reason?: DropReason; count: number }[] {
  return [
    { outcome: 'stored', count: tally.stored },
    { outcome: 'known', count: tally.known },
    { outcome: 'duplicate', count: tally.duplicates },
    { outcome: 'recovered', count: tally.recovered },
    ...DROP_REASONS.map((reason) => ({
      outcome: 'dropped' as const,
      reason,
      count: tally.dropped[reason],
    })),
  ];
}
