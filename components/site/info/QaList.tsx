import type { WireLanguage } from '@/lib/i18n/languages';
import type { resources } from '@/lib/content/model/registry';
import type { RowOf } from '@/lib/content/model/rows';
import { RichText } from '../RichText';
import styles from './info.module.css';

/**
 * Questions as a disclosure list: `<details>` opens and closes without script, keyboard included,
 * and each summary is announced as a button with its state. `#item-{id}` targets the question.
 */
export function QaList({ language, rows }: { language: WireLanguage; rows: RowOf<typeof resources.webqa>[] }) {
  return (
    <ul className={`list ${styles.qa}`}>
      {rows.map((row) => (
        <li key={row.id} id={`item-${row.id}`} className="list-item">
          <details className={styles.disclosure}>
            <summary className={styles.question}>{row.question ?? ''}</summary>
            <RichText language={language} html={row.answer} className={styles.answer} />
          </details>
        </li>
      ))}
    </ul>
  );
}
