import type { ReactNode } from 'react';
import styles from './info.module.css';

interface DataTableRow {
  key: string | number;
  /** An anchor for links to the row, e.g. `item-12`. */
  id?: string;
  /** The first cell names the row (a row header); the others follow the columns. */
  cells: ReactNode[];
}

interface Props {
  /** The table's name: its caption for screen readers and the name of its scrolling region. */
  label: string;
  columns: string[];
  rows: DataTableRow[];
}

/** A table that scrolls sideways on phones (keyboard too: the region is focusable), with column and row headers. */
export function DataTable({ label, columns, rows }: Props) {
  return (
    <div className="table-scroll" role="region" tabIndex={0} aria-label={label}>
      <table className={styles.dataTable}>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} id={row.id}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
