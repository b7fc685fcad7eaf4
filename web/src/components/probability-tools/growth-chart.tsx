import type { GrowthPoint } from '../../lib/probability';
import { Chart, TableScroll } from './tool-page.styles';

const WIDTH = 320;
const HEIGHT = 160;
const percent = (share: number, digits: number) => `${(share * 100).toFixed(digits)} %`;

/**
 * Growth per bet by the fraction staked, as a line with the Kelly fraction and the stake marked,
 * and the same figures as a table for screen readers and keyboard users.
 */
export function GrowthChart({
  points,
  kelly,
  stake,
}: {
  points: readonly GrowthPoint[];
  kelly: number;
  stake: number;
}) {
  const maxFraction = points.at(-1)?.fraction || 1;
  const growths = points.map((point) => point.growth);
  const top = Math.max(...growths, 1e-9);
  const bottom = Math.min(...growths, 0);
  const x = (fraction: number) => (fraction / maxFraction) * WIDTH;
  const y = (growth: number) => HEIGHT - ((growth - bottom) / (top - bottom)) * HEIGHT;
  const growthAt = (fraction: number) =>
    points.reduce((nearest, point) =>
      Math.abs(point.fraction - fraction) < Math.abs(nearest.fraction - fraction) ? point : nearest,
    ).growth;
  return (
    <>
      <Chart
        viewBox={`0 -12 ${WIDTH} ${HEIGHT + 24}`}
        role="img"
        aria-label={`Growth per bet against the fraction staked, from 0 to ${percent(maxFraction, 0)}; highest at the Kelly fraction, ${percent(kelly, 1)}`}
      >
        <line x1={0} x2={WIDTH} y1={y(0)} y2={y(0)} />
        <polyline
          points={points.map((point) => `${x(point.fraction)},${y(point.growth)}`).join(' ')}
        />
        {kelly > 0 && <circle cx={x(kelly)} cy={y(growthAt(kelly))} r={4} />}
        {stake > 0 && stake !== kelly && <circle cx={x(stake)} cy={y(growthAt(stake))} r={3} />}
        <text x={0} y={HEIGHT + 12}>
          0 %
        </text>
        <text x={WIDTH} y={HEIGHT + 12} textAnchor="end">
          {percent(maxFraction, 0)} staked
        </text>
      </Chart>
      <details>
        <summary>Growth by fraction as a table</summary>
        <TableScroll>
          <table>
            <caption>Expected growth per bet by the fraction of the bankroll staked</caption>
            <thead>
              <tr>
                <th scope="col">Fraction staked</th>
                <th scope="col">Growth per bet</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.fraction}>
                  <th scope="row">{percent(point.fraction, 1)}</th>
                  <td>{percent(point.growth, 3)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </>
  );
}
