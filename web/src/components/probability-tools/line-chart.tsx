import { ChartTable } from './chart-table';
import { Chart } from './tool-page.styles';

/** A curve a tool draws: what it shows, its two axes and the points, with the reader's figures marked. */
export interface ToolChart {
  /** What the curve shows ("Growth per bet by the fraction staked"), its label and the table's caption. */
  title: string;
  x: { label: string; format: (value: number) => string };
  y: { label: string; format: (value: number) => string };
  points: readonly { x: number; y: number }[];
  /** Points of note on the curve (the reader's figures, Kelly, the break-even), by their x. */
  marks: readonly { x: number; label: string }[];
}

const WIDTH = 320;
const HEIGHT = 160;

/** The y of the curve at `x`: the nearest point's, which the marks are drawn on. */
function yAt(points: ToolChart['points'], x: number): number {
  return points.reduce((nearest, point) =>
    Math.abs(point.x - x) < Math.abs(nearest.x - x) ? point : nearest,
  ).y;
}

/**
 * A tool's curve as a line with its marks and a zero line where the values cross it, and the same
 * figures as a table for screen readers and keyboard users.
 */
export function LineChart({ chart }: { chart: ToolChart }) {
  const { points, marks, x: xAxis, y: yAxis } = chart;
  if (points.length < 2) return null;
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const [left, right] = [Math.min(...xs), Math.max(...xs)];
  const top = Math.max(...ys, 0);
  const bottom = Math.min(...ys, 0);
  const spanX = right - left || 1;
  const spanY = top - bottom || 1;
  const px = (x: number) => ((x - left) / spanX) * WIDTH;
  const py = (y: number) => HEIGHT - ((y - bottom) / spanY) * HEIGHT;
  const shown = marks.filter((mark) => mark.x >= left && mark.x <= right);
  return (
    <>
      <Chart
        viewBox={`0 -12 ${WIDTH} ${HEIGHT + 24}`}
        role="img"
        aria-label={`${chart.title}, ${xAxis.label.toLowerCase()} from ${xAxis.format(left)} to ${xAxis.format(right)}${shown
          .map(
            (mark) =>
              `; ${mark.label}: ${xAxis.format(mark.x)}, ${yAxis.format(yAt(points, mark.x))}`,
          )
          .join('')}`}
      >
        <line x1={0} x2={WIDTH} y1={py(0)} y2={py(0)} />
        <polyline points={points.map((point) => `${px(point.x)},${py(point.y)}`).join(' ')} />
        {shown.map((mark, index) => (
          <circle
            key={mark.label}
            cx={px(mark.x)}
            cy={py(yAt(points, mark.x))}
            r={index === 0 ? 4 : 3}
          />
        ))}
        <text x={0} y={HEIGHT + 12}>
          {xAxis.format(left)}
        </text>
        <text x={WIDTH} y={HEIGHT + 12} textAnchor="end">
          {xAxis.format(right)} {xAxis.label.toLowerCase()}
        </text>
      </Chart>
      <ChartTable
        summary={`${chart.title} as a table`}
        caption={chart.title}
        columns={[xAxis.label, yAxis.label]}
        rows={points.map((point) => ({
          key: point.x,
          cells: [xAxis.format(point.x), yAxis.format(point.y)],
        }))}
      />
    </>
  );
}
