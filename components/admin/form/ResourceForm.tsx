'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import type { ResourceDefinition } from '@/lib/content/model/define';
import { findResource } from '@/lib/content/model/registry';
import { formFields, pathParentValues, type FormField, type FormMode } from '@/lib/admin-form/fields';
import { formSchema } from '@/lib/admin-form/schema';
import { initialValues, rowToFormValues, toPayload, type FormValues } from '@/lib/admin-form/values';
import { defaultWireLanguage, languageOfLocale, otherLanguage } from '@/lib/i18n/languages';
import { adminPath } from '@/lib/admin/paths';
import { resourceApi, type Row } from '@/lib/client/resources';
import { formatWireDateTime } from '@/lib/client/dates';
import { apiConflict, apiFieldErrors, apiMessage } from './api-errors';
import { ConflictPanel } from './ConflictPanel';
import {
  conflictFields,
  defaultChoices,
  mergedValues,
  type ConflictChoice,
  type ConflictField,
} from '@/lib/admin-form/conflict';
import { EditLockBanner } from './EditLockBanner';
import { FormReadOnly } from './read-only';
import { useEditLock } from './useEditLock';
import { useDraft } from './useDraft';
import { FieldControl } from './FieldControl';
import { fieldIds } from './FieldParts';
import { useUnsavedChangesWarning } from './useUnsavedChangesWarning';
import styles from './form.module.css';

export interface ResourceFormProps {
  /** The resource's name in the registry (`webnews`). */
  resource: string;
  /** The row to edit; absent to add one. */
  rowId?: number;
  /** The list's path ids (`[boardType]`, `[classId]`…): parents it names are fixed when adding. */
  path?: (number | string)[];
  /** Where the form's unsaved values are kept in the browser (lib/admin-form/drafts.ts); none: not kept. */
  draftKey?: string;
  /** `stay`: the "save and keep editing" button was used, so the form stays open. */
  onSaved: (row: Record<string, unknown>, options: { stay: boolean }) => void;
  onCancel: () => void;
  /**
   * Told whenever the form gains or loses unsaved changes. A host that listens takes over the
   * unsaved-changes warning (its own guard, or `useUnsavedChangesWarning`), so the user is never
   * asked twice; without it the form warns by itself.
   */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The back office's one form for every resource: the controls come from the resource's
 * definition, validation from the server's own rules (worded in the current language), and saving
 * goes through the client API layer.
 */
export function ResourceForm(props: ResourceFormProps) {
  const t = useTranslations('adminForm');
  const definition = findResource(props.resource);
  if (!definition) {
    return (
      <p role="alert" className={styles.error}>
        {t('unknownResource', { resource: props.resource })}
      </p>
    );
  }
  // A new key per row: switching rows starts a fresh form rather than mixing two rows' state.
  return <DefinedResourceForm key={`${props.resource}:${props.rowId ?? 'new'}`} {...props} definition={definition} />;
}

/** When a draft was kept, in the browser's time: `10:41` today, `11-26 10:41` another day. */
function keptAt(savedAt: string): string {
  const wire = formatWireDateTime(new Date(savedAt));
  const today = formatWireDateTime(new Date()).slice(0, 10);
  return wire.slice(0, 10) === today ? wire.slice(11, 16) : `${wire.slice(5, 10)} ${wire.slice(11, 16)}`;
}

interface Problem {
  key: string;
  message: string;
}

/** Field errors in the order the fields appear, for the error summary. */
function problemsOf(fields: readonly FormField[], errors: FieldErrors<FormValues>): Problem[] {
  return fields.flatMap(({ key }) => {
    const message = errors[key]?.message;
    return typeof message === 'string' && message ? [{ key, message }] : [];
  });
}

function focusField(key: string) {
  const element = document.getElementById(fieldIds(key).input);
  element?.focus();
  element?.scrollIntoView({ block: 'center' });
}

function DefinedResourceForm({
  definition,
  rowId,
  path,
  onSaved,
  onCancel,
  onDirtyChange,
  draftKey,
}: ResourceFormProps & { definition: ResourceDefinition }) {
  const t = useTranslations('adminForm');
  const language = languageOfLocale(useLocale()) ?? defaultWireLanguage;
  const mode: FormMode = rowId === undefined ? 'add' : 'update';
  const pathKey = JSON.stringify(path ?? []);
  const fields = useMemo(
    () => formFields(definition, { mode, path: JSON.parse(pathKey) }),
    [definition, mode, pathKey],
  );
  const fromPath = useMemo(() => pathParentValues(definition, JSON.parse(pathKey)), [definition, pathKey]);
  const resolver = useMemo(
    () => zodResolver(formSchema(definition, fields, { mode, language })),
    [definition, fields, mode, language],
  );
  const form = useForm<FormValues>({
    resolver,
    defaultValues: initialValues(fields, fromPath),
    shouldFocusError: false,
  });
  const { isDirty, isSubmitting, errors, submitCount } = form.formState;

  const [row, setRow] = useState<Row | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [translationReviewed, setTranslationReviewed] = useState(false);
  // A stale save's side-by-side view: the newer save's values and, per differing field, which to keep.
  const [conflict, setConflict] = useState<{
    theirs: FormValues;
    version: number | undefined;
    fields: ConflictField[];
    choices: Record<string, ConflictChoice>;
  } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const summary = useRef<HTMLElement>(null);
  const saving = useRef(false);
  // The version of the row this form was loaded from (then saved as): the server refuses a save of an older one.
  const version = useRef<number | undefined>(undefined);
  const currentVersion = useCallback(() => version.current, []);
  const editLock = useEditLock(definition.name, rowId);
  const draft = useDraft(draftKey, form, rowId === undefined || row !== null, currentVersion);
  const readOnly = !editLock.editable;

  const { reset } = form;
  useEffect(() => {
    if (rowId === undefined) return;
    let live = true;
    resourceApi(definition.name)
      .get(rowId, JSON.parse(pathKey))
      .then(
        (stored) => {
          if (!live) return;
          version.current = typeof stored.version === 'number' ? stored.version : undefined;
          setRow(stored);
          reset(rowToFormValues(fields, stored));
        },
        () => live && setLoadFailed(true),
      );
    return () => {
      live = false;
    };
  }, [definition, rowId, pathKey, fields, reset]);

  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);
  const hostGuards = onDirtyChange !== undefined;
  useUnsavedChangesWarning(isDirty && !hostGuards);

  // After a failed submit the summary takes focus, so keyboard and screen-reader users land on it.
  // The errors render a moment after the submit handler returns, hence a request kept until then.
  const summaryWanted = useRef(false);
  const focusSummary = () => {
    summaryWanted.current = true;
  };
  useEffect(() => {
    if (!summaryWanted.current || !summary.current) return;
    summaryWanted.current = false;
    summary.current.focus();
  });

  const problems = submitCount > 0 ? problemsOf(fields, errors) : [];
  const showServerError = serverError !== null && !problems.some((p) => p.message === serverError);

  async function save(values: FormValues, event?: BaseSyntheticEvent) {
    const stay = (event?.nativeEvent as SubmitEvent | undefined)?.submitter?.getAttribute('name') === 'stay';
    // The save button stays focusable while saving (aria-disabled), so a second press is ignored here.
    if (saving.current || readOnly) return;
    saving.current = true;
    setServerError(null);
    const api = resourceApi(definition.name);
    const body = toPayload(fields, values, mode, rowId);
    try {
      const saved =
        rowId === undefined
          ? await api.add(body, path)
          : await api.update({ ...body, id: rowId, version: version.current }, path);
      if (typeof saved.version === 'number') version.current = saved.version;
      // The saved values are the new baseline: nothing is unsaved any more.
      reset(values);
      // Saving the row was its translation's review (the server cleared the mark).
      setTranslationReviewed(true);
      draft.clear();
      onSaved(saved, { stay });
    } catch (error) {
      if (apiConflict(error) && rowId !== undefined) await showConflict(values);
      for (const { field, message } of apiFieldErrors(error)) {
        if (fields.some((f) => f.key === field)) form.setError(field, { type: 'server', message });
      }
      setServerError(apiMessage(error) ?? t('saveFailed'));
      focusSummary();
    } finally {
      saving.current = false;
    }
  }

  /** Reads the row as the newer save left it and lays its values beside the editor's. */
  async function showConflict(mine: FormValues) {
    try {
      const latest = await resourceApi(definition.name).get(rowId!, path);
      const theirs = rowToFormValues(fields, latest);
      const loaded = (form.formState.defaultValues ?? {}) as FormValues;
      const differing = conflictFields(fields, loaded, mine, theirs, language, { yes: t('yes'), no: t('no') });
      setConflict({
        theirs,
        version: typeof latest.version === 'number' ? latest.version : undefined,
        fields: differing,
        choices: defaultChoices(differing),
      });
    } catch {
      // The newer row could not be read: the message stays, and the editor's values with it.
    }
  }

  /** Puts the chosen values in the form and saves them over the newer version. */
  function applyConflict() {
    if (!conflict) return;
    const merged = mergedValues(form.getValues(), conflict.theirs, conflict.choices);
    for (const field of conflict.fields) form.setValue(field.key, merged[field.key], { shouldDirty: true });
    version.current = conflict.version;
    setConflict(null);
    void form.handleSubmit(save, focusSummary)();
  }

  function cancel() {
    if (!hostGuards && isDirty && !window.confirm(t('unsavedChanges'))) return;
    onCancel();
  }

  if (loadFailed) {
    return (
      <p role="alert" className={styles.error}>
        {t('loadFailed')}
      </p>
    );
  }
  if (rowId !== undefined && !row) {
    return (
      <p role="status" className={styles.muted}>
        {t('loading')}
      </p>
    );
  }

  return (
    <FormProvider {...form}>
      <form className={styles.form} noValidate onSubmit={(event) => void form.handleSubmit(save, focusSummary)(event)}>
        {(problems.length > 0 || showServerError) && (
          <section ref={summary} tabIndex={-1} className={styles.summary} aria-labelledby="form-error-summary-title">
            <h2 id="form-error-summary-title" className={styles.summaryTitle}>
              {problems.length > 0 ? t('errorSummaryTitle', { count: problems.length }) : t('serverErrorTitle')}
            </h2>
            <ul>
              {problems.map((problem) => (
                <li key={problem.key}>
                  <a
                    href={`#${fieldIds(problem.key).input}`}
                    onClick={(event) => {
                      event.preventDefault();
                      focusField(problem.key);
                    }}
                  >
                    {problem.message}
                  </a>
                </li>
              ))}
              {showServerError && <li>{serverError}</li>}
            </ul>
          </section>
        )}
        <EditLockBanner state={editLock} />
        {conflict ? (
          <ConflictPanel
            fields={conflict.fields}
            choices={conflict.choices}
            onChoose={(choices) => setConflict({ ...conflict, choices })}
            onApply={applyConflict}
            busy={readOnly}
          />
        ) : null}
        {draft.offer ? (
          <div className={styles.draftBanner} data-testid="draft-banner">
            <p role="status">{t('draft.found')}</p>
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.primaryButton}
                onClick={() => {
                  const typedOver = draft.restore();
                  if (typedOver !== undefined) version.current = typedOver;
                }}
              >
                {t('draft.restore', { time: keptAt(draft.offer.savedAt) })}
              </button>
              <button type="button" className={styles.button} onClick={draft.discard}>
                {t('draft.discard')}
              </button>
            </div>
          </div>
        ) : null}
        {row?.translationStale === true && !translationReviewed && typeof row.translationId === 'number' ? (
          <p className={styles.staleNote} role="note">
            {t('translationStale')}{' '}
            <a
              href={`${adminPath(otherLanguage(language), {
                kind: 'edit',
                resource: definition.name,
                id: row.translationId,
                ...(definition.sectionInPath && path?.[0] !== undefined ? { section: Number(path[0]) } : {}),
              })}#revisions-heading`}
            >
              {t('translationStaleLink')}
            </a>
          </p>
        ) : null}
        {/* Read-only while another account holds the lock: the values typed so far stay in the form. */}
        <fieldset className={styles.fields} disabled={readOnly}>
          <FormReadOnly.Provider value={readOnly}>
            {fields.map((formField) => (
              <FieldControl
                key={formField.key}
                formField={formField}
                definition={definition}
                mode={mode}
                language={language}
                row={row}
              />
            ))}
          </FormReadOnly.Provider>
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className={styles.primaryButton} aria-disabled={isSubmitting || readOnly || undefined}>
            {isSubmitting ? t('saving') : t('save')}
          </button>
          <button
            type="submit"
            name="stay"
            className={styles.button}
            aria-disabled={isSubmitting || readOnly || undefined}
          >
            {t('saveAndStay')}
          </button>
          <button type="button" className={styles.button} onClick={cancel}>
            {t('cancel')}
          </button>
        </div>
        <p role="status" className={styles.status}>
          {isSubmitting ? t('saving') : ''}
        </p>
      </form>
    </FormProvider>
  );
}
