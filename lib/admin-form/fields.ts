import { traits, type ResourceDefinition } from '@/lib/content/model/define';
import type { Field } from '@/lib/content/model/fields';
import { findResource } from '@/lib/content/model/registry';
import { inputFields } from '@/lib/content/model/validation';

/**
 * Which controls a back-office form shows for a resource, read from its definition: every field a
 * client may write (the common ones such as `isVisible` and `publishAt` included), plus read-only
 * values (click counts, last sign-in) shown but never sent.
 */
export type FormMode = 'add' | 'update';

/**
 * - `editable`: a control the user fills in;
 * - `fixed`: a parent the list's path decides (the form adds into that list), shown, not editable;
 * - `readOnly`: kept by the server (views, lock times), shown on edit only.
 */
type FieldAccess = 'editable' | 'fixed' | 'readOnly';

export interface FormField {
  key: string;
  field: Field;
  access: FieldAccess;
  /**
   * For a reference whose target rows belong to a parent the form also edits (a business line
   * belongs to a law class): the key of that parent field. Its options are the target's rows under
   * the chosen parent (`selectList([parentId])`).
   */
  dependsOn?: string;
}

export type PathIds = readonly (number | string)[];

/**
 * The parents a list path names, as field values: `getlist/{a}/{b}` fills the resource's parents
 * in order. 0 means "all" (no value) unless 0 is itself one of a section's choices (Q&A's general
 * category), exactly as the server reads the path.
 */
export function pathParentValues(definition: ResourceDefinition, path: PathIds = []): Record<string, number> {
  const values: Record<string, number> = {};
  (definition.parents ?? []).forEach((parent, i) => {
    const raw = path[i];
    if (raw === undefined || raw === '') return;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) return;
    const f = definition.fields[parent];
    const zeroIsAChoice = f?.kind === 'choice' && f.choices.some((c) => c.value === 0);
    if (value === 0 && !zeroIsAChoice) return;
    values[parent] = value;
  });
  return values;
}

/** The reference field this one's options depend on, when the target resource is scoped by a parent this form has. */
export function dependencyOf(definition: ResourceDefinition, f: Field): string | undefined {
  if (f.kind !== 'reference') return undefined;
  const parent = findResource(f.resource)?.parents?.[0];
  return parent && definition.fields[parent]?.kind === 'reference' ? parent : undefined;
}

/**
 * A parent given in the path is fixed when adding (the new row goes into the list being viewed),
 * and always for the section that stands in the add/update paths themselves (`sectionInPath`).
 * When editing, other parents stay selects, so a row can move to another type or class.
 */
function isFixed(
  definition: ResourceDefinition,
  key: string,
  mode: FormMode,
  fixedByPath: Record<string, number>,
): boolean {
  if (!(key in fixedByPath)) return false;
  if (definition.sectionInPath && definition.parents?.[0] === key) return true;
  return mode === 'add';
}

/** The common field that names a row's counterpart in the other language (docs/back-office-form.md). */
export const COUNTERPART_KEY = 'translationId';

/**
 * Whether the form offers a counterpart in the other language: for localized content shown on the
 * public site, where the language switch of a detail page follows the link. Contact messages are
 * localized but never published, so a link would lead nowhere.
 */
export function hasCounterpart(definition: ResourceDefinition): boolean {
  const t = traits(definition);
  return t.localized && t.visibility;
}

/**
 * The list path that narrows the counterpart choices to the same place in the other language: the
 * leading section parents (fixed lists shared by both languages), as far as they have values.
 * Reference parents are rows of one language, so their ids mean nothing in the other: they and
 * everything after them are left out, and the choices are all the other language's rows.
 */
export function counterpartPath(definition: ResourceDefinition, values: Record<string, unknown>): string[] {
  const path: string[] = [];
  for (const parent of definition.parents ?? []) {
    const f = definition.fields[parent];
    const value = values[parent];
    if (f?.kind !== 'choice' || !f.section || typeof value !== 'string' || value === '') break;
    path.push(value);
  }
  return path;
}

export function formFields(definition: ResourceDefinition, options: { mode: FormMode; path?: PathIds }): FormField[] {
  const fixedByPath = pathParentValues(definition, options.path);
  const writable = new Map(inputFields(definition));
  const out: FormField[] = [];
  // The resource's own fields in their declared order, then the common ones (visibility, window).
  for (const [key, f] of Object.entries(definition.fields)) {
    if (f.hidden) continue;
    if (!writable.has(key)) {
      if (options.mode === 'update') out.push({ key, field: f, access: 'readOnly' });
      continue;
    }
    const access: FieldAccess = isFixed(definition, key, options.mode, fixedByPath) ? 'fixed' : 'editable';
    out.push({ key, field: f, access, dependsOn: dependencyOf(definition, f) });
  }
  for (const [key, f] of writable) {
    if (key in definition.fields || (key === COUNTERPART_KEY && !hasCounterpart(definition))) continue;
    out.push({ key, field: f, access: 'editable' });
  }
  return orderCommonFields(out);
}

/** Publication window, visibility, then the counterpart: the order an editor decides them in. */
function orderCommonFields(list: FormField[]): FormField[] {
  const rank = (key: string) =>
    ({ publishAt: 1, unpublishAt: 2, isVisible: 3, audience: 4, [COUNTERPART_KEY]: 5 })[key] ?? 0;
  return [...list].sort((a, b) => rank(a.key) - rank(b.key));
}
