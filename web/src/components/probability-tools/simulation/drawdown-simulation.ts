import {
  emptyTally,
  seededRandom,
  tallyDrawdowns,
  type DrawdownRun,
  type DrawdownTally,
} from '../../../lib/probability';

/** One seeded simulation of the drawdown tool: the same request gives the same tally anywhere. */
export interface SimulationRequest {
  run: DrawdownRun;
  paths: number;
  seed: number;
}

/** Runs per slice: small enough that progress moves and a cancel lands within a few milliseconds. */
export const SLICE_PATHS = 5_000;

/**
 * The simulation in slices, yielding the tally so far after each: the worker posts progress
 * between them, the main-thread fallback yields to the page between them.
 */
export function* simulateInSlices({
  run,
  paths,
  seed,
}: SimulationRequest): Generator<DrawdownTally, DrawdownTally> {
  const random = seededRandom(seed);
  const tally = emptyTally();
  while (tally.paths < paths) {
    tallyDrawdowns(run, random, Math.min(SLICE_PATHS, paths - tally.paths), tally);
    if (tally.paths < paths) yield tally;
  }
  return tally;
}

/** The whole simulation at once (the prerender's worked example). */
export function simulate(request: SimulationRequest): DrawdownTally {
  const slices = simulateInSlices(request);
  for (;;) {
    const step = slices.next();
    if (step.done) return step.value;
  }
}

/** What the worker posts back: progress after each slice, then the tally. */
export type SimulationMessage =
  | { type: 'progress'; id: number; tally: DrawdownTally }
  | { type: 'done'; id: number; tally: DrawdownTally };

/** What the page posts to the worker. */
export interface SimulationOrder {
  id: number;
  request: SimulationRequest;
}
