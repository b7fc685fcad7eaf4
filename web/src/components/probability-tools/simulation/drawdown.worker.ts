/// <reference lib="webworker" />
// The drawdown tool's simulation, off the page's thread: progress after each slice, the tally at
// the end. A cancelled run is stopped by terminating the worker.
import {
  simulateInSlices,
  type SimulationMessage,
  type SimulationOrder,
} from './drawdown-simulation';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = ({ data }: MessageEvent<SimulationOrder>) => {
  const slices = simulateInSlices(data.request);
  for (;;) {
    const step = slices.next();
    const message: SimulationMessage = step.done
      ? { type: 'done', id: data.id, tally: step.value }
      : { type: 'progress', id: data.id, tally: step.value };
    self.postMessage(message);
    if (step.done) return;
  }
};
