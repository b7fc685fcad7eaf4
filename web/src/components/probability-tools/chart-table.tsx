import type { ReactNode } from 'react';
import { ColumnHeads } from '../ui/column-heads';
import { TableScroll } from './tool-page.styles';

/**
 * A chart's figures as a table, folded under its summary: the alternative to the drawing for
 * screen readers and keyboard users. Each row's first cell heads it.
 */
export function ChartTable({
  summary,
  caption,
  columns,
  rows,
}: {
  summary: string;
  caption: string;
  columns: readonly string[];
  rows: readonly { key: string | number; cells: readonly ReactNode[] }[];
}) {
  return (
    <details>
      <summary>{summary}</summary>
      <TableScroll>
        <table>
          <caption>{caption}</caption>
          <ColumnHeads columns={columns} />
          <tbody>
            {rows.map(({ key, cells: [head, ...rest] }) => (
              <tr key={key}>
                <th scope="row">{head}</th>
                {rest.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </details>
  );
}
