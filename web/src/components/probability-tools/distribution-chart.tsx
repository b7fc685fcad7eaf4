import type { DrawdownTally } from '../../lib/probability';
import { ChartTable } from './chart-table';
import { Chart } from './tool-page.styles';

const WIDTH = 320;
const HEIGHT = 140;
const share = (count: number, paths: number) =>
  `${((count / paths) * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

/**
 * The worst fall from a peak of every simulated run, as bars per whole per cent with the
 * drawdown asked about marked, and the same figures as a table.
 */
export function DistributionChart({ tally, drawdown }: { tally: DrawdownTally; drawdown: number }) {
  const { bins, paths } = tally;
  // Up to the deepest bin any run reached, and at least past the drawdown asked about.
  const deepest = bins.reduce((last, count, bin) => (count > 0 ? bin : last), 0);
  const shown = Math.min(bins.length, Math.max(deepest + 1, Math.ceil(drawdown * 100) + 1, 10));
  const tallest = Math.max(...bins.slice(0, shown), 1);
  const barWidth = WIDTH / shown;
  const marker = Math.min(WIDTH, drawdown * 100 * barWidth);
  const used = bins.slice(0, shown).flatMap((count, bin) => (count > 0 ? [{ bin, count }] : []));
  return (
    <>
      <Chart
        viewBox={`0 -12 ${WIDTH} ${HEIGHT + 24}`}
        role="img"
        aria-label={`Worst drawdown of each simulated run, from 0 % to ${shown} %; ${share(tally.hits, paths)} of runs reach ${Math.round(drawdown * 100)} %`}
      >
        {used.map(({ bin, count }) => (
          <rect
            key={bin}
            x={bin * barWidth + 0.5}
            width={Math.max(barWidth - 1, 0.5)}
            y={HEIGHT - (count / tallest) * HEIGHT}
            height={(count / tallest) * HEIGHT}
          />
        ))}
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} />
        <line className="marker" x1={marker} x2={marker} y1={0} y2={HEIGHT} />
        <text x={0} y={HEIGHT + 12}>
          0 %
        </text>
        <text x={WIDTH} y={HEIGHT + 12} textAnchor="end">
          {shown} % worst drawdown
        </text>
      </Chart>
      <ChartTable
        summary="Worst drawdowns as a table"
        caption="Simulated runs by their worst fall from a peak"
        columns={['Worst drawdown', 'Runs', 'Share']}
        rows={used.map(({ bin, count }) => ({
          key: bin,
          cells: [`${bin} % to ${bin + 1} %`, count.toLocaleString('en-US'), share(count, paths)],
        }))}
      />
    </>
  );
}
