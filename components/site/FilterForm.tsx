import type { ReactNode } from 'react';
import type { WireLanguage } from '@/lib/i18n/languages';
import form from './form.module.css';
import styles from './FilterForm.module.css';
import { translationsIn } from '@/lib/i18n/params';

/**
 * Filter and search forms of the public lists: plain `<form method="get">`, so filtering works
 * without JavaScript and every result is a link. A new filter starts again at page 1 (no `page`
 * is kept); other parameters the list needs (`when`, `type`…) travel as hidden inputs.
 */
interface FormProps {
  language: WireLanguage;
  /** The list's URL with its language prefix: `/tw/bulletins`. */
  action: string;
  /** The form's accessible name, e.g. "Filter bulletins". */
  label: string;
  /** Parameters to keep that are not fields of this form. Empty values are left out. */
  keep?: Record<string, string | number | null | undefined>;
  /** The button's text (default "Apply" / "查詢"). */
  submitLabel?: string;
  /** A link that clears the filters (usually the bare list URL); shown when given. */
  resetHref?: string;
  /** A search form (`role="search"`) rather than a filter. */
  search?: boolean;
  children: ReactNode;
}

export async function FilterForm({
  language,
  action,
  label,
  keep = {},
  submitLabel,
  resetHref,
  search = false,
  children,
}: FormProps) {
  const t = await translationsIn(language, 'site.kit');
  return (
    <form method="get" action={action} className={styles.form} role={search ? 'search' : undefined} aria-label={label}>
      {Object.entries(keep).map(([name, value]) =>
        value === null || value === undefined || value === '' ? null : (
          <input key={name} type="hidden" name={name} value={String(value)} />
        ),
      )}
      <div className={styles.fields}>{children}</div>
      <div className={styles.actions}>
        <button type="submit" className={form.button}>
          {submitLabel ?? t('apply')}
        </button>
        {resetHref && (
          <a href={resetHref} className={`${form.button} ${form.secondary}`}>
            {t('reset')}
          </a>
        )}
      </div>
    </form>
  );
}

interface FilterOption {
  value: string | number;
  label: string;
}

interface SelectProps {
  name: string;
  label: string;
  /** The current value ('' or undefined: the "all" choice). */
  value?: string | number | null;
  options: FilterOption[];
  /** The first choice, meaning "no filter" (e.g. "All types"); leave out for a required choice. */
  allLabel?: string;
  /** Makes the id unique when a page has two forms with the same field name. */
  idPrefix?: string;
}

/** A labelled select. An unknown current value selects "all" rather than failing. */
export function FilterSelect({ name, label, value, options, allLabel, idPrefix = 'filter' }: SelectProps) {
  const id = `${idPrefix}-${name}`;
  const current = value === null || value === undefined ? '' : String(value);
  const known = options.some((o) => String(o.value) === current);
  return (
    <div className={form.field}>
      <label htmlFor={id} className={form.label}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={known ? current : ''} className={form.control}>
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface InputProps {
  name: string;
  label: string;
  value?: string | null;
  type?: 'search' | 'text' | 'date' | 'number';
  placeholder?: string;
  /** A short hint read with the field (`aria-describedby`). */
  hint?: string;
  idPrefix?: string;
  maxLength?: number;
}

/** A labelled input (keyword, date…), optionally with a hint. */
export function FilterInput({
  name,
  label,
  value,
  type = 'search',
  placeholder,
  hint,
  idPrefix = 'filter',
  maxLength = 200,
}: InputProps) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className={form.field}>
      <label htmlFor={id} className={form.label}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value ?? ''}
        placeholder={placeholder}
        maxLength={type === 'search' || type === 'text' ? maxLength : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={form.control}
      />
      {hint && (
        <p id={`${id}-hint`} className={form.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
