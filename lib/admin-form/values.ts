import type { Field } from '@/lib/content/model/fields';
import type { FormField, FormMode } from './fields';

/**
 * What the form holds per control, as the browser's inputs give it: text for text, numbers, dates
 * and selects (an empty string is "nothing chosen"), a boolean for a checkbox, upload ids for files.
 * These functions are the only place that converts between that and the API's wire form.
 */
type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;

/** `YYYY-MM-DDTHH:mm:ss` (the wire form) as a `datetime-local` input takes it. */
export function wireToInputDateTime(value: unknown): string {
  if (typeof value !== 'string') return '';
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?/.exec(value);
  return m ? `${m[1]}T${m[2]}${m[3] ?? ':00'}` : '';
}

/** A `datetime-local` value (Chromium drops `:00` seconds) in the wire form `YYYY-MM-DDTHH:mm:ss`. */
export function inputToWireDateTime(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
}

function emptyValue(f: Field): FormValue {
  switch (f.kind) {
    case 'boolean':
      return f.defaultValue;
    case 'files':
      return [];
    case 'choice':
      return String(f.defaultValue);
    case 'integer':
    case 'text':
      return f.defaultValue === undefined ? '' : String(f.defaultValue);
    default:
      return '';
  }
}

/** A new row's values: defaults from the definition, parents from the list's path. */
export function initialValues(fields: readonly FormField[], fromPath: Record<string, number> = {}): FormValues {
  const values: FormValues = {};
  for (const { key, field: f, access } of fields) {
    if (access === 'readOnly') continue;
    values[key] = key in fromPath ? String(fromPath[key]) : emptyValue(f);
  }
  return values;
}

/** A stored row (wire form) as form values. Passwords start empty: empty means "unchanged". */
export function rowToFormValues(fields: readonly FormField[], row: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const { key, field: f, access } of fields) {
    if (access === 'readOnly') continue;
    const value = row[key];
    if (value === undefined || value === null) {
      values[key] = f.kind === 'boolean' || f.kind === 'files' ? emptyValue(f) : '';
      continue;
    }
    switch (f.kind) {
      case 'boolean':
        values[key] = value === true;
        break;
      case 'files':
        values[key] = Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
        break;
      case 'datetime':
        values[key] = wireToInputDateTime(value);
        break;
      case 'date':
        values[key] = typeof value === 'string' ? value.slice(0, 10) : '';
        break;
      case 'password':
        values[key] = '';
        break;
      default:
        values[key] = String(value);
    }
  }
  return values;
}

const blank = (v: FormValue | undefined) => v === undefined || (typeof v === 'string' && v.trim() === '');

/** Whole numbers become numbers; anything else is sent as typed, for validation to name. */
function numberOrText(value: string): number | string {
  const text = value.trim();
  return /^-?\d{1,15}$/.test(text) ? Number(text) : text;
}

/**
 * The request body for `add` or `update`: blanks become null (the server stores "nothing"), an
 * empty password on update is left out (keep the current one), dates take the wire form, read-only
 * values are never sent.
 */
export function toPayload(
  fields: readonly FormField[],
  values: FormValues,
  mode: FormMode,
  id?: number,
): Record<string, unknown> {
  const body: Record<string, unknown> = mode === 'update' && id !== undefined ? { id } : {};
  for (const { key, field: f, access } of fields) {
    if (access === 'readOnly') continue;
    const value = values[key];
    if (f.kind === 'boolean') {
      body[key] = value === true;
      continue;
    }
    if (f.kind === 'files') {
      body[key] = Array.isArray(value) ? value : [];
      continue;
    }
    if (f.kind === 'password' && mode === 'update' && blank(value)) continue;
    if (blank(value) || typeof value !== 'string') {
      body[key] = null;
      continue;
    }
    switch (f.kind) {
      case 'integer':
      case 'reference':
      case 'choice':
        body[key] = numberOrText(value);
        break;
      case 'datetime':
        body[key] = inputToWireDateTime(value);
        break;
      default:
        body[key] = value;
    }
  }
  return body;
}
