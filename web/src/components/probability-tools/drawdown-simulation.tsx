import { useId, useState } from 'react';
import { drawdownFigures, type DrawdownTally } from '../../lib/probability';
import { Button } from '../ui/button-link.styles';
import { simulate, type SimulationRequest } from './simulation/drawdown-simulation';
import { useDrawdownSimulation } from './simulation/use-drawdown-simulation';
import { DistributionChart } from './distribution-chart';
import { Figures, SimulationStatus } from './tool-page.styles';
import { percent } from './tool-format';

interface Known {
  key: string;
  tally: DrawdownTally;
}

/**
 * The tally the page was rendered with: the prerender simulates the worked example (it has no
 * worker and all the time it needs) and writes it on the element, where the hydrating page reads
 * it back, so the example shows at once and the first render matches the prerendered markup.
 */
function prerendered(id: string, request: SimulationRequest): Known | undefined {
  const key = JSON.stringify(request);
  if (typeof document === 'undefined') return { key, tally: simulate(request) };
  const written = document.getElementById(id)?.dataset.simulation;
  if (!written) return undefined;
  const known = JSON.parse(written) as Known;
  return known.key === key ? known : undefined;
}

const whole = (count: number) => count.toLocaleString('en-US');

function Tallied({ tally, request }: { tally: DrawdownTally; request: SimulationRequest }) {
  const figures = drawdownFigures(tally);
  const { drawdown, trades } = request.run;
  return (
    <>
      <Figures>
        <div>
          <dt>
            Chance of a {Math.round(drawdown * 1000) / 10} % drawdown within {whole(trades)} trades
          </dt>
          <dd>
            {percent(figures.probability)} ± {percent(2 * figures.standardError)}
          </dd>
        </div>
        <div>
          <dt>Worst drawdown of the median run</dt>
          <dd>
            {Math.round(figures.medianWorst * 100)} % to {Math.round(figures.medianWorst * 100) + 1}{' '}
            %
          </dd>
        </div>
        <div>
          <dt>One run in twenty falls at least</dt>
          <dd>{Math.round(figures.worst95 * 100)} %</dd>
        </div>
        <div>
          <dt>Runs simulated</dt>
          <dd>{whole(figures.paths)}</dd>
        </div>
      </Figures>
      <DistributionChart tally={tally} drawdown={drawdown} />
    </>
  );
}

/** The drawdown tool's Monte Carlo: progress and a cancel while it runs, the figures and their distribution once done. */
export function DrawdownSimulation({ request }: { request: SimulationRequest }) {
  const id = useId();
  // Read once: the markup keeps the prerendered attribute, as the prerender wrote it.
  const [known] = useState(() => prerendered(id, request));
  const { state, cancel, restart } = useDrawdownSimulation(request, known);
  return (
    <div id={id} data-simulation={known ? JSON.stringify(known) : undefined}>
      {state.status === 'done' && <Tallied tally={state.tally} request={request} />}
      {state.status === 'running' && (
        <SimulationStatus>
          <label htmlFor={`${id}-progress`}>
            Simulating {whole(request.paths)} runs of {whole(request.run.trades)} trades…
          </label>
          <progress id={`${id}-progress`} max={request.paths} value={state.tally?.paths ?? 0}>
            {whole(state.tally?.paths ?? 0)} of {whole(request.paths)}
          </progress>
          <Button type="button" $variant="secondary" onClick={cancel}>
            Cancel
          </Button>
        </SimulationStatus>
      )}
      {state.status === 'cancelled' && (
        <SimulationStatus>
          <p role="status">
            Stopped after {whole(state.tally?.paths ?? 0)} of {whole(request.paths)} runs
            {state.tally ? '; the figures below are from those runs.' : '.'}
          </p>
          <Button type="button" $variant="secondary" onClick={restart}>
            Run the simulation
          </Button>
          {state.tally && <Tallied tally={state.tally} request={request} />}
        </SimulationStatus>
      )}
      {state.status === 'failed' && (
        <SimulationStatus>
          <p role="alert">The simulation stopped: {state.message}</p>
          <Button type="button" $variant="secondary" onClick={restart}>
            Try again
          </Button>
        </SimulationStatus>
      )}
    </div>
  );
}
