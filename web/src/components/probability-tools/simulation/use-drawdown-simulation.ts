import { useCallback, useEffect, useState } from 'react';
import type { DrawdownTally } from '../../../lib/probability';
import type { SimulationRequest } from './drawdown-simulation';
import { runSimulation } from './run-simulation';

export type SimulationState =
  | { status: 'running'; tally: DrawdownTally | undefined }
  | { status: 'done'; tally: DrawdownTally }
  | { status: 'cancelled'; tally: DrawdownTally | undefined }
  | { status: 'failed'; message: string };

/** Typing pauses this long before a new simulation starts, so each keystroke does not start one. */
const START_DELAY_MS = 250;

/**
 * The drawdown simulation of `request`, run off the page's thread, with its progress; `known` is a
 * tally already computed for the same request (the prerendered example), shown without running.
 */
export function useDrawdownSimulation(
  request: SimulationRequest,
  known: { key: string; tally: DrawdownTally } | undefined,
): { state: SimulationState; cancel: () => void; restart: () => void } {
  const key = JSON.stringify(request);
  const [runs, setRuns] = useState(0);
  const [state, setState] = useState<SimulationState>(
    known?.key === key
      ? { status: 'done', tally: known.tally }
      : { status: 'running', tally: undefined },
  );
  const [cancel, setCancel] = useState<() => void>(() => () => undefined);

  useEffect(() => {
    if (runs === 0 && known?.key === key) {
      setState({ status: 'done', tally: known.tally });
      return undefined;
    }
    setState({ status: 'running', tally: undefined });
    let running: ReturnType<typeof runSimulation> | undefined;
    let stopped = false;
    const timer = setTimeout(() => {
      running = runSimulation(JSON.parse(key) as SimulationRequest, (tally) => {
        if (!stopped) setState({ status: 'running', tally });
      });
      running.result.then(
        (tally) => !stopped && setState({ status: 'done', tally }),
        (failure: unknown) =>
          !stopped &&
          setState({
            status: 'failed',
            message: failure instanceof Error ? failure.message : 'The simulation stopped.',
          }),
      );
    }, START_DELAY_MS);
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      running?.cancel();
    };
    setCancel(() => () => {
      stop();
      setState((current) => ({
        status: 'cancelled',
        tally: current.status === 'running' ? current.tally : undefined,
      }));
    });
    return stop;
  }, [key, known, runs]);

  const restart = useCallback(() => setRuns((count) => count + 1), []);
  return { state, cancel, restart };
}
