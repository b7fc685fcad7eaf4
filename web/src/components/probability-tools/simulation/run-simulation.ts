import type { DrawdownTally } from '../../../lib/probability';
import DrawdownWorker from './drawdown.worker?worker';
import {
  simulateInSlices,
  type SimulationMessage,
  type SimulationRequest,
} from './drawdown-simulation';

export interface RunningSimulation {
  /** The tally once every run is simulated; never settles when cancelled. */
  result: Promise<DrawdownTally>;
  cancel(): void;
}

let nextId = 1;

function inWorker(
  request: SimulationRequest,
  onProgress: (tally: DrawdownTally) => void,
): RunningSimulation {
  const worker = new DrawdownWorker();
  const id = nextId++;
  const result = new Promise<DrawdownTally>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<SimulationMessage>) => {
      if (data.id !== id) return;
      if (data.type === 'progress') onProgress(data.tally);
      else {
        resolve(data.tally);
        worker.terminate();
      }
    };
    worker.onerror = (event) => {
      reject(new Error(event.message || 'The simulation stopped.'));
      worker.terminate();
    };
  });
  worker.postMessage({ id, request });
  return { result, cancel: () => worker.terminate() };
}

/** Where there is no Worker (tests in jsdom, old browsers): slices on the page's thread, yielding between them. */
function onPageThread(
  request: SimulationRequest,
  onProgress: (tally: DrawdownTally) => void,
): RunningSimulation {
  let cancelled = false;
  const slices = simulateInSlices(request);
  const result = new Promise<DrawdownTally>((resolve) => {
    const step = () => {
      if (cancelled) return;
      const next = slices.next();
      if (next.done) return resolve(next.value);
      onProgress({ ...next.value, bins: [...next.value.bins] });
      setTimeout(step, 0);
    };
    setTimeout(step, 0);
  });
  return {
    result,
    cancel: () => {
      cancelled = true;
    },
  };
}

/** Starts the drawdown simulation off the page's thread where the browser allows. */
export function runSimulation(
  request: SimulationRequest,
  onProgress: (tally: DrawdownTally) => void,
): RunningSimulation {
  return typeof Worker === 'undefined'
    ? onPageThread(request, onProgress)
    : inWorker(request, onProgress);
}
