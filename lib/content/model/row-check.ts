import { AUDIENCES } from './audience';
import { traits, type ResourceDefinition } from './define';
import type { Field } from './fields';
import type { RowOf } from './rows';

/**
 * Checks at run time what `RowOf<D>` (rows.ts) says at compile time, so code that holds a row of
 * any resource (the generic operations) can hand it to code typed by one definition (its hooks).
 */
type Check = (value: unknown) => boolean;

const isText: Check = (value) => typeof value === 'string';
const isInteger: Check = (value) => typeof value === 'number' && Number.isInteger(value);
const isInstant: Check = (value) => value instanceof Date;
const isFlag: Check = (value) => typeof value === 'boolean';
const isFileList: Check = (value) => Array.isArray(value) && value.every(isText);
const isAudience: Check = (value) => (AUDIENCES as readonly unknown[]).includes(value);
const isLanguage: Check = (value) => value === 'tw' || value === 'en';
const orNull =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);

/** The check of a field's column, as rows.ts types it; undefined for a field with no column. */
function fieldCheck(f: Field): Check | undefined {
  if (f.virtual) return undefined;
  switch (f.kind) {
    case 'password':
      return undefined;
    case 'boolean':
      return isFlag;
    case 'choice':
      return isInteger;
    case 'integer':
    case 'reference':
      return orNull(isInteger);
    case 'datetime':
      return orNull(isInstant);
    case 'files':
      return isFileList;
    default:
      // text, long text, rich text, an image's upload id, and a date (kept as YYYY-MM-DD text).
      return orNull(isText);
  }
}

const checksByResource = new WeakMap<ResourceDefinition, Map<string, Check>>();

/** Every column of the resource's rows with the check of its value. */
function columnChecks(definition: ResourceDefinition): Map<string, Check> {
  const known = checksByResource.get(definition);
  if (known) return known;
  const t = traits(definition);
  const checks = new Map<string, Check>([
    ['id', isInteger],
    ['createdAt', isInstant],
    ['updatedAt', isInstant],
    ['updatedBy', orNull(isInteger)],
    ['version', isInteger],
  ]);
  if (t.localized) {
    checks.set('lang', isLanguage);
    checks.set('translationId', orNull(isInteger));
  }
  if (t.visibility) checks.set('isVisible', isFlag);
  if (t.audience) checks.set('audience', isAudience);
  if (t.ordered) checks.set('order', isInteger);
  if (t.window) {
    checks.set('publishAt', isInstant);
    checks.set('unpublishAt', orNull(isInstant));
  }
  for (const [key, f] of Object.entries(definition.fields)) {
    const check = fieldCheck(f);
    if (check) checks.set(key, check);
  }
  checksByResource.set(definition, checks);
  return checks;
}

/** Stored values a write may set: any of the row's columns. */
export type WriteOf<D extends ResourceDefinition> = Partial<RowOf<D>>;

/** Validated input of a write: stored values, and fields with no column of their own (a password before hashing). */
export type InputOf<D extends ResourceDefinition> = WriteOf<D> & {
  [K in Exclude<keyof D['fields'] & string, keyof RowOf<D>>]?: unknown;
};

/** The first column whose value is missing or not of its kind; undefined when the row is a whole `RowOf<D>`. */
function rowMismatch(definition: ResourceDefinition, row: Record<string, unknown>): string | undefined {
  for (const [key, check] of columnChecks(definition)) if (!check(row[key])) return key;
  return undefined;
}

/** The first value that is not a column of the resource, or not of its column's kind; virtual fields pass. */
function inputMismatch(definition: ResourceDefinition, input: Record<string, unknown>): string | undefined {
  const checks = columnChecks(definition);
  for (const [key, value] of Object.entries(input)) {
    const check = checks.get(key);
    if (check ? !check(value) : !definition.fields[key]) return key;
  }
  return undefined;
}

export const isRowOf = <D extends ResourceDefinition>(
  definition: D,
  row: Record<string, unknown>,
): row is RowOf<D> & Record<string, unknown> => rowMismatch(definition, row) === undefined;

const isInputOf = <D extends ResourceDefinition>(
  definition: D,
  input: Record<string, unknown>,
): input is InputOf<D> & Record<string, unknown> => inputMismatch(definition, input) === undefined;

/** A row that does not match its definition: a stored value the code did not expect, never the caller's fault. */
export class RowShapeError extends Error {
  constructor(definition: ResourceDefinition, key: string | undefined) {
    super(`A ${definition.name} row does not match its definition at ${key}`);
    this.name = 'RowShapeError';
  }
}

/** The row as `RowOf<D>`, or a RowShapeError naming the first column that does not match. */
export function rowOf<D extends ResourceDefinition>(
  definition: D,
  row: Record<string, unknown>,
): RowOf<D> & Record<string, unknown> {
  if (isRowOf(definition, row)) return row;
  throw new RowShapeError(definition, rowMismatch(definition, row));
}

/** The input as `InputOf<D>`, or a RowShapeError naming the first value that does not match. */
export function inputOf<D extends ResourceDefinition>(
  definition: D,
  input: Record<string, unknown>,
): InputOf<D> & Record<string, unknown> {
  if (isInputOf(definition, input)) return input;
  throw new RowShapeError(definition, inputMismatch(definition, input));
}
