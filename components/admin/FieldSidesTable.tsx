import type { ReactNode } from 'react';
import type { FieldChange } from '@/lib/admin-form/revision-diff';

/**
 * Two versions of a row, field by field: the field's name, then one side and the other. The
 * revision history (now and then), a change awaiting approval (live and proposed) and a stale
 * save (mine and theirs, with a choice on each side) all show their comparison in it.
 */
export function FieldSidesTable<Row extends { key: string; label: string }>({
  rows,
  headings,
  cell,
  caption,
  className = 'admin-table',
}: {
  rows: readonly Row[];
  /** The field column's heading, then each side's. */
  headings: readonly [string, string, string];
  cell: (row: Row, side: 'first' | 'second') => ReactNode;
  caption?: string;
  className?: string;
}) {
  return (
    <table className={className}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          {headings.map((heading) => (
            <th key={heading} scope="col">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{cell(row, 'first')}</td>
            <td>{cell(row, 'second')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A diff's side: the value taken away, or the value put in its place ('—' for none). */
export const changeSide = (change: FieldChange, side: 'first' | 'second') => {
  const value = side === 'first' ? change.before : change.after;
  if (!value) return '—';
  return side === 'first' ? <del>{value}</del> : <ins>{value}</ins>;
};
