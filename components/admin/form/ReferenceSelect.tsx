'use client';

import { useEffect, useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { FormField } from '@/lib/admin-form/fields';
import type { FormValues } from '@/lib/admin-form/values';
import type { ReferenceField } from '@/lib/content/model/fields';
import { findResource } from '@/lib/content/model/registry';
import type { ApiHttp } from '@/lib/client/http';
import { resourceApi, type Row } from '@/lib/client/resources';
import { describedBy, HintAndError, RequiredMark, type FieldIds } from './FieldParts';
import styles from './form.module.css';

interface Option {
  value: string;
  label: string;
}

type Options = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; options: Option[]; forParent: string };

/** A row's name in lists: the target resource's title field, else its id. */
export function rowTitle(resource: string, row: Row): string {
  const titleField = findResource(resource)?.titleField;
  const title = titleField ? row[titleField] : undefined;
  return typeof title === 'string' && title ? title : `#${String(row.id)}`;
}

/**
 * A select fed by the referenced resource's select list (`getlist` of up to 9999 rows). A reference that depends on
 * another field (a business line under a law class) lists the target's rows under the chosen
 * parent, waits until one is chosen, and is cleared when the parent changes to one it is not under.
 * `client` and `path` read the list elsewhere (the other language's rows of one section).
 */
export function ReferenceSelect(props: {
  formField: FormField;
  label: string;
  /** The label of the field this one depends on, for "choose … first". */
  parentLabel?: string;
  ids: FieldIds;
  error?: string;
  required: boolean;
  /** Reads the options (default: the page's client, in the form's language). */
  client?: ApiHttp;
  /** The list path of the options when they depend on no field of the form. */
  path?: readonly string[];
  hint?: string;
  /** The first option, meaning "nothing chosen". */
  emptyLabel?: string;
}) {
  const { formField, ids, error, required, client } = props;
  const f = formField.field as ReferenceField;
  const t = useTranslations('adminForm');
  const { control } = useFormContext<FormValues>();
  const {
    field: { value, onChange, onBlur, ref, name },
  } = useController({ name: formField.key, control });
  const parentKey = formField.dependsOn;
  const parentValue = useWatch({ control, name: parentKey ?? formField.key, disabled: !parentKey });
  const parent = parentKey && typeof parentValue === 'string' ? parentValue : '';
  const waiting = Boolean(parentKey) && !parent;
  const [options, setOptions] = useState<Options>({ state: 'loading' });
  const pathKey = JSON.stringify(props.path ?? []);

  useEffect(() => {
    if (waiting) return;
    let live = true;
    const path: string[] = JSON.parse(pathKey);
    resourceApi(f.resource, client)
      .selectList(parentKey ? [parent] : path.length ? path : undefined)
      .then(
        (rows) =>
          live &&
          setOptions({
            state: 'ready',
            forParent: parent,
            options: rows.map((row) => ({ value: String(row.id), label: rowTitle(f.resource, row) })),
          }),
        () => live && setOptions({ state: 'failed' }),
      );
    return () => {
      live = false;
    };
  }, [f.resource, client, parentKey, parent, pathKey, waiting]);

  const current = typeof value === 'string' ? value : '';
  // The parent changed to one this choice does not belong to: the choice no longer holds.
  useEffect(() => {
    if (!parentKey || options.state !== 'ready' || options.forParent !== parent || !current) return;
    if (!options.options.some((o) => o.value === current)) onChange('');
  }, [parentKey, parent, options, current, onChange]);

  const loading = !waiting && options.state === 'loading';
  const hint = waiting
    ? t('chooseParentFirst', { field: props.parentLabel ?? '' })
    : options.state === 'failed'
      ? t('optionsFailed')
      : props.hint;
  const list = !waiting && options.state === 'ready' ? options.options : [];
  return (
    <div className={styles.field}>
      <label htmlFor={ids.input} id={ids.label} className={styles.label}>
        {props.label}
        <RequiredMark required={required} />
      </label>
      <HintAndError ids={ids} hint={hint} error={error} />
      <select
        id={ids.input}
        name={name}
        ref={ref}
        className={styles.control}
        value={current}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        disabled={waiting}
        aria-busy={loading || undefined}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(ids, hint, error)}
      >
        <option value="">{loading ? t('optionsLoading') : (props.emptyLabel ?? t('chooseOption'))}</option>
        {list.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {/* Until the list arrives, a stored choice shows as its id rather than as "choose". */}
        {current && !list.some((o) => o.value === current) && <option value={current}>{`#${current}`}</option>}
      </select>
    </div>
  );
}
