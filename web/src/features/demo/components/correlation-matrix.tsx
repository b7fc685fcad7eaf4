import { ColumnHeads } from '../../../components/ui/column-heads';
import {
  CORRELATION_LEGEND,
  CORRELATION_MATRIX,
  CORRELATION_SYMBOLS,
  correlationStrength,
} from '../../../content/demo';
import { Legend, LegendItem, Matrix, MatrixCell, TableWrap } from './demo.styles';

const format = (value: number) => value.toFixed(2);
const CAPTION = '30-day correlation of daily returns (sample data)';

/** Colour is never the only signal: each cell shows its value and the legend names each band. */
export function CorrelationMatrix() {
  return (
    <>
      {/* Scrolls sideways on narrow screens, so it takes keyboard focus and has a name. */}
      <TableWrap role="region" aria-label={CAPTION} tabIndex={0}>
        <Matrix>
          <caption>{CAPTION}</caption>
          <ColumnHeads columns={CORRELATION_SYMBOLS} corner />
          <tbody>
            {CORRELATION_SYMBOLS.map((rowSymbol, row) => (
              <tr key={rowSymbol}>
                <th scope="row">{rowSymbol}</th>
                {CORRELATION_SYMBOLS.map((columnSymbol, column) => {
                  const value = CORRELATION_MATRIX[row]?.[column] ?? 0;
                  const strength = correlationStrength(value);
                  return (
                    <MatrixCell key={columnSymbol} $strength={strength} data-strength={strength}>
                      {format(value)}
                    </MatrixCell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Matrix>
      </TableWrap>
      <Legend aria-label="Colour legend">
        {CORRELATION_LEGEND.map(({ strength, label }) => (
          <LegendItem key={strength} $strength={strength}>
            {label}
          </LegendItem>
        ))}
      </Legend>
    </>
  );
}
