'use client';

import { useTranslations } from 'next-intl';
import type { ConflictChoice, ConflictField } from '@/lib/admin-form/conflict';
import { FieldSidesTable } from '../FieldSidesTable';
import styles from './form.module.css';

/**
 * A stale save shown side by side: for every field where the editor's values and the newer save
 * differ, both sides and which to keep; all mine, all theirs, or field by field, then save again
 * over the newer version. The editor's values stay in the form until this is applied.
 */
export function ConflictPanel({
  fields,
  choices,
  onChoose,
  onApply,
  busy,
}: {
  fields: ConflictField[];
  choices: Record<string, ConflictChoice>;
  onChoose: (choices: Record<string, ConflictChoice>) => void;
  onApply: () => void;
  busy: boolean;
}) {
  const t = useTranslations('adminForm.conflict');
  const all = (choice: ConflictChoice) => onChoose(Object.fromEntries(fields.map((field) => [field.key, choice])));
  return (
    <section className={styles.conflict} aria-labelledby="conflict-title" data-testid="conflict-panel">
      <h2 id="conflict-title">{t('title')}</h2>
      <p>{t('hint')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => all('mine')}>
          {t('allMine')}
        </button>
        <button type="button" className={styles.button} onClick={() => all('theirs')}>
          {t('allTheirs')}
        </button>
      </div>
      <FieldSidesTable
        rows={fields}
        headings={[t('field'), t('mine'), t('theirs')]}
        className={styles.conflictTable}
        cell={(field, column) => {
          const side = column === 'first' ? 'mine' : 'theirs';
          return (
            <label>
              <input
                type="radio"
                name={`conflict-${field.key}`}
                checked={choices[field.key] === side}
                onChange={() => onChoose({ ...choices, [field.key]: side })}
                aria-label={t(side === 'mine' ? 'keepMine' : 'takeTheirs', { field: field.label })}
              />{' '}
              {field[side] || t('empty')}
            </label>
          );
        }}
      />
      <button type="button" className={styles.primaryButton} onClick={onApply} disabled={busy}>
        {t('apply')}
      </button>
    </section>
  );
}
