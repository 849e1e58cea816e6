import type { ReactNode } from 'react';
import styles from './member.module.css';

/**
 * A member-area table: its caption, column headers and rows (each row's first cell a row header,
 * given by the caller), in a frame that scrolls sideways on narrow screens.
 */
export function MemberTable({
  caption,
  columns,
  className,
  children,
}: {
  caption: string;
  columns: ReactNode[];
  /** A name for tests and print styles, beside the shared look. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={className ? `${styles.table} ${className}` : styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
