'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { ResourceDefinition } from '@/lib/content/model/define';
import type { Label } from '@/lib/content/model/fields';
import { COUNTERPART_KEY, type FormField, type FormMode } from '@/lib/admin-form/fields';
import { formatReadOnly } from '@/lib/admin-form/format';
import type { FormValues } from '@/lib/admin-form/values';
import type { WireLanguage } from '@/lib/i18n/languages';
import { resourceApi, type Row } from '@/lib/client/resources';
import { AttachmentList } from './AttachmentList';
import { CounterpartSelect } from './CounterpartSelect';
import { describedBy, fieldIds, HintAndError, RequiredMark } from './FieldParts';
import { ImageUpload } from './ImageUpload';
import { ReferenceSelect, rowTitle } from './ReferenceSelect';
import { RichTextEditor } from './RichTextEditor';
import styles from './form.module.css';

interface FieldControlProps {
  formField: FormField;
  definition: ResourceDefinition;
  mode: FormMode;
  language: WireLanguage;
  /** The stored row when editing (read-only values come from it). */
  row: Row | null;
}

/** One field of the resource form: the control its kind calls for, with label, hint and error. */
export function FieldControl(props: FieldControlProps) {
  const { formField, definition, mode, language } = props;
  const { key, field: f, access } = formField;
  const t = useTranslations('adminForm');
  const { register, control, formState } = useFormContext<FormValues>();
  const error = formState.errors[key]?.message;
  const ids = fieldIds(key);
  const label = f.label[language];
  // An empty password on edit keeps the current one, so it is not required there.
  const required = Boolean(f.required) && !(f.kind === 'password' && mode === 'update');

  if (access === 'readOnly') {
    const text = formatReadOnly(f, props.row?.[key], language, { yes: t('yes'), no: t('no') });
    return <ShownValue ids={ids} label={label} text={text || t('noValue')} />;
  }
  if (access === 'fixed') return <FixedValue formField={formField} language={language} />;

  const hint =
    f.kind === 'password' && mode === 'update'
      ? t('passwordHint')
      : key === 'publishAt'
        ? t('publishAtHint')
        : key === 'unpublishAt'
          ? t('unpublishAtHint')
          : undefined;
  const common = {
    id: ids.input,
    className: styles.control,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(ids, hint, error),
  };
  const shell = (control: ReactNode) => (
    <div className={styles.field}>
      <label htmlFor={ids.input} id={ids.label} className={styles.label}>
        {label}
        <RequiredMark required={required} />
      </label>
      <HintAndError ids={ids} hint={hint} error={error} />
      {control}
    </div>
  );

  /** A select of fixed values; a blank first option where no value is needed. */
  const select = (choices: readonly { value: number | string; label: Label }[], offerBlank: boolean) =>
    shell(
      <Controller
        name={key}
        control={control}
        render={({ field }) => (
          <select
            {...common}
            name={field.name}
            ref={field.ref}
            value={String(field.value)}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
          >
            {offerBlank && <option value="">{t('chooseOption')}</option>}
            {choices.map((choice) => (
              <option key={choice.value} value={String(choice.value)}>
                {choice.label[language]}
              </option>
            ))}
          </select>
        )}
      />,
    );

  switch (f.kind) {
    case 'text': {
      if (f.choices) return select(f.choices, !required && f.defaultValue === undefined);
      const type = f.format === 'email' ? 'email' : f.format === 'url' ? 'url' : 'text';
      return shell(
        <input type={type} {...common} {...register(key)} autoComplete={type === 'email' ? 'email' : 'off'} />,
      );
    }
    case 'password':
      return shell(<input type="password" {...common} {...register(key)} autoComplete="new-password" />);
    case 'longtext':
      return shell(<textarea rows={f.max > 1000 ? 8 : 4} {...common} {...register(key)} />);
    case 'integer':
      return shell(<input type="text" inputMode="numeric" {...common} {...register(key)} />);
    case 'date':
      return shell(<input type="date" {...common} {...register(key)} />);
    case 'datetime':
      return shell(<input type="datetime-local" step={1} {...common} {...register(key)} />);
    case 'boolean':
      return (
        <div className={`${styles.field} ${styles.checkboxField}`}>
          <HintAndError ids={ids} hint={hint} error={error} />
          <input
            type="checkbox"
            id={ids.input}
            aria-invalid={common['aria-invalid']}
            aria-describedby={common['aria-describedby']}
            {...register(key)}
          />
          <label htmlFor={ids.input} id={ids.label}>
            {label}
          </label>
        </div>
      );
    case 'choice':
      return select(f.choices, !required);
    case 'reference':
      if (key === COUNTERPART_KEY)
        return (
          <CounterpartSelect
            formField={formField}
            definition={definition}
            language={language}
            ids={ids}
            error={error}
          />
        );
      return (
        <ReferenceSelect
          formField={formField}
          label={label}
          parentLabel={formField.dependsOn ? definition.fields[formField.dependsOn]?.label[language] : undefined}
          ids={ids}
          error={error}
          required={required}
        />
      );
    case 'image':
      return (
        <ImageWithTitle
          name={key}
          label={label}
          ids={ids}
          error={error}
          required={required}
          definition={definition}
          language={language}
        />
      );
    case 'files':
      return (
        <AttachmentList name={key} label={label} ids={ids} error={error} required={required} language={language} />
      );
    case 'richtext':
      return (
        <div className={styles.field}>
          <span id={ids.label} className={styles.label} onClick={() => document.getElementById(ids.input)?.focus()}>
            {label}
            <RequiredMark required={required} />
          </span>
          <HintAndError ids={ids} hint={hint} error={error} />
          <Controller
            name={key}
            control={control}
            render={({ field }) => (
              <RichTextEditor
                id={ids.input}
                labelId={ids.label}
                label={label}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                describedBy={common['aria-describedby']}
                invalid={Boolean(error)}
                required={required}
                language={language}
              />
            )}
          />
        </div>
      );
  }
}

/** The image's text alternative follows the row's title as it is typed. */
function ImageWithTitle(props: {
  name: string;
  label: string;
  ids: ReturnType<typeof fieldIds>;
  error?: string;
  required: boolean;
  definition: ResourceDefinition;
  language: WireLanguage;
}) {
  const { control } = useFormContext<FormValues>();
  const title = useWatch({ control, name: props.definition.titleField });
  const titleLabel = props.definition.fields[props.definition.titleField]?.label[props.language] ?? '';
  return (
    <ImageUpload
      name={props.name}
      label={props.label}
      ids={props.ids}
      error={props.error}
      required={props.required}
      alt={typeof title === 'string' ? title : ''}
      titleLabel={titleLabel}
    />
  );
}

/** A parent the list's path decides: shown by name, not editable (its value is still sent). */
function FixedValue({ formField, language }: { formField: FormField; language: WireLanguage }) {
  const { key, field: f } = formField;
  const ids = fieldIds(key);
  const { control } = useFormContext<FormValues>();
  const value = useWatch({ control, name: key });
  const [referenced, setReferenced] = useState<{ id: string; title: string } | null>(null);
  const reference = f.kind === 'reference' ? f.resource : null;
  const id = typeof value === 'string' ? value : '';

  useEffect(() => {
    if (!reference || !id) return;
    let live = true;
    resourceApi(reference)
      .get(Number(id))
      .then(
        (row) => live && setReferenced({ id, title: rowTitle(reference, row) }),
        () => live && setReferenced({ id, title: `#${id}` }),
      );
    return () => {
      live = false;
    };
  }, [reference, id]);

  const text =
    f.kind === 'choice'
      ? (f.choices.find((c) => String(c.value) === id)?.label[language] ?? id)
      : referenced?.id === id
        ? referenced.title
        : `#${id}`;
  return <ShownValue ids={ids} label={f.label[language]} text={text} />;
}

/** A value the form shows but does not let the user change: a labelled read-only text box. */
function ShownValue({ ids, label, text }: { ids: ReturnType<typeof fieldIds>; label: string; text: string }) {
  return (
    <div className={styles.field}>
      <label htmlFor={ids.input} id={ids.label} className={styles.label}>
        {label}
      </label>
      <input id={ids.input} type="text" readOnly value={text} className={`${styles.control} ${styles.readOnly}`} />
    </div>
  );
}
