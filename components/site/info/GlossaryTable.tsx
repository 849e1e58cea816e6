import type { Row } from '@/lib/content/repository';
import styles from './info.module.css';

interface Props {
  rows: Row[];
  labels: { table: string; termTw: string; termEn: string; description: string };
}

/** Terms as a table: Chinese, English (marked as English for screen readers), description; `#item-{id}` per row. */
export function GlossaryTable({ rows, labels }: Props) {
  return (
    <div className="table-scroll" role="region" tabIndex={0} aria-label={labels.table}>
      <table className="data-table">
        <caption className="visually-hidden">{labels.table}</caption>
        <thead>
          <tr>
            <th scope="col">{labels.termTw}</th>
            <th scope="col">{labels.termEn}</th>
            <th scope="col">{labels.description}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id as number} id={`item-${row.id}`}>
              <th scope="row" lang="zh-Hant-TW">
                {String(row.termTw)}
              </th>
              <td lang="en" className={styles.termEn}>
                {String(row.termEn)}
              </td>
              <td>{String(row.description ?? '')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
