import type { Locale } from '@/lib/i18n/languages';
import type { Row } from '@/lib/content/repository';
import { RichText } from '../RichText';
import styles from './info.module.css';

/**
 * Questions as a disclosure list: `<details>` opens and closes without script, keyboard included,
 * and each summary is announced as a button with its state. `#item-{id}` targets the question.
 */
export function QaList({ locale, rows }: { locale: Locale; rows: Row[] }) {
  return (
    <ul className={`list ${styles.qa}`}>
      {rows.map((row) => (
        <li key={row.id as number} id={`item-${row.id}`} className="list-item">
          <details className={styles.disclosure}>
            <summary className={styles.question}>{String(row.question)}</summary>
            <RichText locale={locale} html={row.answer as string} className={styles.answer} />
          </details>
        </li>
      ))}
    </ul>
  );
}
