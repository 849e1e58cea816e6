import type { WireLanguage } from '../i18n/languages';
import type { FormField } from './fields';
import { readable } from './revision-diff';
import { toPayload, type FormValues } from './values';

/**
 * A stale save's side-by-side view (docs/back-office-form.md, Edit locks and stale saves): the
 * fields where the editor's values and the row as someone else saved it differ, each with both
 * sides as text and which one to keep. A field the editor did not touch takes the other save's
 * value by default (keeping the form's would undo that save); a field both changed keeps the
 * editor's by default. Nothing is decided for the editor: every field can be switched.
 */
export interface ConflictField {
  key: string;
  label: string;
  mine: string;
  theirs: string;
  /** The editor changed this field since the form was loaded. */
  edited: boolean;
}

export type ConflictChoice = 'mine' | 'theirs';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function conflictFields(
  fields: readonly FormField[],
  loaded: FormValues,
  mine: FormValues,
  theirs: FormValues,
  language: WireLanguage,
  words: { yes: string; no: string },
): ConflictField[] {
  const minePayload = toPayload(fields, mine, 'update');
  const theirsPayload = toPayload(fields, theirs, 'update');
  return fields
    .filter(
      ({ key, access, field }) => access !== 'readOnly' && field.kind !== 'password' && !same(mine[key], theirs[key]),
    )
    .map(({ key, field }) => ({
      key,
      label: field.label[language],
      mine: readable(field, minePayload[key], language, words),
      theirs: readable(field, theirsPayload[key], language, words),
      edited: !same(mine[key], loaded[key]),
    }));
}

/** The default choice per field: the other save's where the editor left the field alone. */
export const defaultChoices = (conflicts: ConflictField[]): Record<string, ConflictChoice> =>
  Object.fromEntries(conflicts.map((field) => [field.key, field.edited ? 'mine' : 'theirs']));

/** The values to save: the editor's, with the other save's where that was chosen. */
export function mergedValues(
  mine: FormValues,
  theirs: FormValues,
  choices: Record<string, ConflictChoice>,
): FormValues {
  const merged = { ...mine };
  for (const [key, choice] of Object.entries(choices)) if (choice === 'theirs') merged[key] = theirs[key];
  return merged;
}
