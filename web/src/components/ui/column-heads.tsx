/** A table's head: one column header for each name, after an empty corner cell where rows have headers too. */
export function ColumnHeads({
  columns,
  corner = false,
}: {
  columns: readonly string[];
  corner?: boolean;
}) {
  return (
    <thead>
      <tr>
        {corner && <td />}
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
