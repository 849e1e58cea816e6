import type { Row } from '@/lib/content/repository';

interface Props {
  rows: Row[];
  href: (row: Row) => string;
  typeLabel: (value: unknown) => string;
  labels: { table: string; title: string; type: string; year: string; period: string };
}

/** Statistics as a table: title (to the detail page with its files), type, year and period; `#item-{id}` per row. */
export function StatisticsTable({ rows, href, typeLabel, labels }: Props) {
  return (
    <div className="table-scroll" role="region" tabIndex={0} aria-label={labels.table}>
      <table className="data-table">
        <caption className="visually-hidden">{labels.table}</caption>
        <thead>
          <tr>
            <th scope="col">{labels.title}</th>
            <th scope="col">{labels.type}</th>
            <th scope="col">{labels.year}</th>
            <th scope="col">{labels.period}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id as number} id={`item-${row.id}`}>
              <th scope="row">
                <a href={href(row)}>{String(row.title)}</a>
              </th>
              <td>{typeLabel(row.staticsType)}</td>
              <td>{String(row.year)}</td>
              <td>{String(row.period ?? '')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
