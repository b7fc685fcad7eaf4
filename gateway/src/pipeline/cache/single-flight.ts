import type { CachedResponse } from './response-store';

/** How long a request waits for another request's answer to the same target before going itself. */
const COLLAPSE_WAIT_MS = 2000;

/** A request waiting for another's answer: the stored answer, or nothing to wait for any more. */
type Waiter = (entry: CachedResponse | undefined) => void;

/** The requests one fetch serves; handed back to `release` with the fetch's outcome. */
export type Flight = Waiter[];

/**
 * One fetch per target at a time: once an answer to a target has been kept, a miss on it makes
 * the missing request fetch for every other one arriving meanwhile, so concurrent misses (after an
 * expiry or a change) cost the service one request, not one each.
 */
export class SingleFlight {
  /** Targets whose answer was kept before, oldest first. */
  private readonly known = new Set<string>();
  /** Per target, the requests waiting for the one fetching it. */
  private readonly flights = new Map<string, Flight>();

  /** @param remembered how many targets are remembered as shareable */
  constructor(private readonly remembered: number) {}

  /** The answer another request is fetching for this target, if one is. */
  join(key: string): Promise<CachedResponse | undefined> | undefined {
    const flight = this.flights.get(key);
    if (!flight) return undefined;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), COLLAPSE_WAIT_MS);
      flight.push((found) => {
        clearTimeout(timer);
        resolve(found);
      });
    });
  }

  /** Makes the caller the fetcher for a target kept before; undefined when it is not such one. */
  begin(key: string): Flight | undefined {
    if (!this.known.has(key)) return undefined;
    const flight: Flight = [];
    this.flights.set(key, flight);
    return flight;
  }

  /** Hands a fetch's outcome to the requests waiting for it, once. */
  release(key: string, flight: Flight | undefined, entry: CachedResponse | undefined): void {
    if (!flight || this.flights.get(key) !== flight) return;
    this.flights.delete(key);
    for (const waiter of flight.splice(0)) waiter(entry);
  }

  /** Notes a target as shareable; the oldest is forgotten beyond the bound. */
  remember(key: string): void {
    this.known.delete(key);
    this.known.add(key);
    if (this.known.size > this.remembered) {
      const oldest = this.known.values().next().value as string;
      this.known.delete(oldest);
    }
  }

  /** No longer shareable: later misses go to the service each, instead of queueing. */
  forget(key: string): void {
    this.known.delete(key);
  }
}
