import 'server-only';
import { config } from '../../config';
import { translate } from '../../i18n/messages';
import { otherLanguage } from '../../i18n/languages';
import { sanitizeRichText } from '../../security/sanitize';
import { isSignedIn, readScopeOf, requireAccess, type Actor } from '../model/actor';
import type { AuditAction } from '../model/audit-actions';
import { recordAudit } from '../storage/audit';
import { keepsHistory, traits, type ResourceDefinition } from '../model/define';
import { conflict, invalid, invalidFields, notFound, positiveInteger, type Issue } from '../model/errors';
import { hooksFor } from '../hooks';
import { choiceFromPath, parseListRequest } from '../model/list-request';
import { findResource, referencesTo } from '../model/registry';
import type { AfterStore, AfterStoreMany, Tx } from '../storage/content-tables';
import { pairCounterparts } from '../storage/counterparts';
import { listRows } from '../storage/list-reads';
import { moveRow } from '../storage/ordering';
import {
  combinationExists,
  countWhere,
  duplicateExists,
  getRow,
  rowExists,
  titlesByIds,
  uploadsExist,
} from '../storage/row-reads';
import { type BulkWrite, deleteRow, insertRow, updateRow, writeRows } from '../storage/row-writes';
import type { Expected } from '../storage/versions';
import type { Row } from '../model/rows';
import { saveFirstRevisions, saveRevision } from '../storage/revisions';
import type { ReviewDates } from '../storage/reviews';
import { wireInstant, wireRow } from '../model/wire';
import {
  accountNames,
  listAnnotations,
  listGenerations,
  rowAnnotations,
  type ListGenerations,
} from '../storage/row-annotations';
import { staleConditions, statusConditions, statusFilter } from '../storage/status-query';
import { putInTrash } from '../storage/trash';
import { inputFields, validateInput } from '../model/validation';
import { refuseUnlessDirect } from './submission';
import {
  afterWritten,
  answeredInstead,
  genericWrite,
  sameValue,
  storeWork,
  type GenericWrite,
} from './generic-write-hooks';
import { reviewAtInput, reviewed, wireReviewDates } from './review-dates';
import { reviewDueCondition } from '../storage/reviews';

/**
 * The generic operations every resource has (the API's getlist, get, add, update, delete,
 * changeorder): access, validation, sanitising, hooks and storing happen here, for every caller.
 * The storage's row writes bump the resource's cache generation (lib/cache/public-reads.ts), so a
 * write through here is seen by the next read of any page or list.
 */

/** An id as a caller has it: a number, or a path segment that must be one (else `invalidId`). */
export type IdInput = number | string;

const timeZone = () => config().siteTimeZone;

/**
 * The value of one parent filter: a section must be one of its list's ids, a reference must name
 * an existing row of this language (an unknown filter id is a 400: docs/decisions.md). Undefined means
 * "all" (0, where 0 is not itself a section).
 */
async function parentValue(
  actor: Actor,
  definition: ResourceDefinition,
  parent: string,
  raw: string,
): Promise<number | undefined> {
  const f = definition.fields[parent];
  const label = f.label[actor.language];
  if (f.kind === 'choice') {
    // 0 means "all" unless 0 is itself a section (Q&A's general category).
    if (raw === '0' && !f.choices.some((c) => c.value === 0)) return undefined;
    return choiceFromPath(f, actor.language, raw);
  }
  if (raw === '0') return undefined;
  const id = positiveInteger(raw);
  const target = f.kind === 'reference' ? findResource(f.resource) : undefined;
  if (target && !(await rowExists(target, actor.language, id)))
    throw invalid('unknownReference', { field: label, value: id });
  return id;
}

/**
 * Where a list looks: parent ids in order (`getlist/{a}/{b}`), or the same parents and the definition's other filters
 * by name.
 */
export interface ListScope {
  parents?: IdInput[];
  filters?: URLSearchParams;
}

async function parentFilters(
  actor: Actor,
  definition: ResourceDefinition,
  scope: ListScope,
): Promise<Record<string, number>> {
  const filters: Record<string, number> = {};
  for (const [i, parent] of [...traits(definition).parents, ...(definition.filters ?? [])].entries()) {
    const raw = scope.parents?.[i]?.toString() ?? scope.filters?.get(parent) ?? undefined;
    if (raw === undefined || raw === '') continue;
    const value = await parentValue(actor, definition, parent, raw);
    if (value !== undefined) filters[parent] = value;
  }
  return filters;
}

/** The section of a `…/{section}/…` call as a filter on the resource's first parent. */
async function sectionScope(
  actor: Actor,
  definition: ResourceDefinition,
  section: IdInput | undefined,
): Promise<Record<string, number>> {
  if (section === undefined) return {};
  const parent = traits(definition).parents[0];
  const value = await parentValue(actor, definition, parent, String(section));
  return value === undefined ? {} : { [parent]: value };
}

/** One page of rows the actor may see; `request` is getlist's `{page, pageSize, sort, direction, keyword}`. */
export async function list(
  actor: Actor,
  definition: ResourceDefinition,
  request: Record<string, unknown> = {},
  scope: ListScope = {},
) {
  requireAccess(actor, traits(definition).read);
  const selection = await listSelection(actor, definition, request, scope);
  const readScope = readScopeOf(actor);
  // Signed in: the page and its annotations are kept by generations read together.
  const generations = readScope.publicOnly ? undefined : await listGenerations(definition.name);
  const withReviewDates = reviewedBy(actor, definition);
  const { rows, total, page } = await listRows(
    definition,
    readScope,
    { ...selection, withReviewDates },
    generations?.resource,
  );
  return {
    rows: isSignedIn(actor) ? await staffView(actor, definition, rows, generations) : rows,
    total,
    page,
    pageSize: selection.pageSize,
  };
}

/** Which rows a list request selects, in which order: getlist's body and path, also read by the export. */
export async function listSelection(
  actor: Actor,
  definition: ResourceDefinition,
  request: Record<string, unknown>,
  scope: ListScope,
) {
  const parsed = parseListRequest(definition, request);
  const filters = await parentFilters(actor, definition, scope);
  // A status moves with the clock, so a list filtered by one is read afresh (no cache key).
  const status = statusFilter(definition, request.status);
  const now = new Date();
  const conditions = [
    ...(status ? statusConditions(definition, status, now) : []),
    ...staleConditions(definition, request.stale),
  ];
  // Rows past their review date (signed in only): they too move with the clock.
  if (request.reviewDue === true && isSignedIn(actor) && reviewed(definition))
    conditions.push(reviewDueCondition(definition, now));
  return { ...parsed, filters, conditions: conditions.length ? conditions : undefined };
}

/**
 * What staff's reads add to rows: on a list the name of the account that last saved each
 * (`updatedByName`), then the titles of `titled` references, the edit lock (`lock`: its holder and
 * since when), the change awaiting approval (`pending`: its id, kind and submission time) and the
 * review dates. A list's annotations are kept by its generations (`list`); one row's are read afresh.
 */
async function staffView(
  actor: Actor,
  definition: ResourceDefinition,
  rows: Row[],
  list?: ListGenerations,
): Promise<Row[]> {
  const [found, names] = list
    ? await Promise.all([listAnnotations(definition.name, list), accountNames(list)])
    : [
        await rowAnnotations(definition.name, {
          rowIds: rows.map((row) => Number(row.id)),
          reviews: reviewedBy(actor, definition),
        }),
      ];
  // A list names the last editor of each row, once any row has one.
  const named =
    names && rows.some((row) => typeof row.updatedBy === 'number')
      ? rows.map((row) => ({
          ...row,
          updatedByName: (typeof row.updatedBy === 'number' ? names.get(row.updatedBy) : undefined) ?? null,
        }))
      : rows;
  return (await withReferenceTitles(definition, named)).map(({ reviewDates, ...row }) => {
    const id = Number(row.id);
    const held = found.locks.get(id);
    const entry = found.pending.get(id);
    // A list's rows carry their review dates (null: none); one row's are read with its annotations.
    const dates = list ? ((reviewDates as ReviewDates | null | undefined) ?? undefined) : found.reviews.get(id);
    return {
      ...row,
      ...(held ? { lock: { accountId: held.accountId, name: held.name, since: wireInstant(held.since) } } : {}),
      ...(entry ? { pending: { id: entry.id, kind: entry.kind, submittedAt: wireInstant(entry.submittedAt) } } : {}),
      ...(dates ? wireReviewDates(dates) : {}),
    };
  });
}

/** Whether the actor's reads show a resource's review dates: staff's, of resources with them. */
const reviewedBy = (actor: Actor, definition: ResourceDefinition) => reviewed(definition) && actor.account !== null;

/** Rows with `{field}Title` for each `titled` reference: the title of the row it names, or null. */
async function withReferenceTitles(definition: ResourceDefinition, rows: Row[]): Promise<Row[]> {
  let titled = rows;
  for (const [key, f] of Object.entries(definition.fields)) {
    if (f.kind !== 'reference' || !f.titled) continue;
    const target = findResource(f.resource);
    if (!target) continue;
    const ids = titled.flatMap((row) => (typeof row[key] === 'number' ? [row[key]] : []));
    const titles = await titlesByIds(target, ids);
    titled = titled.map((row) => ({
      ...row,
      [`${key}Title`]: typeof row[key] === 'number' ? (titles.get(row[key]) ?? null) : null,
    }));
  }
  return titled;
}

/** The row with this id in the actor's language (and section, when given), or `notFound`. */
export async function find(
  actor: Actor,
  definition: ResourceDefinition,
  id: number,
  scope: Record<string, number> = {},
  publicOnly = false,
) {
  const row = await getRow(definition, { language: actor.language, publicOnly }, id);
  if (!row || Object.entries(scope).some(([key, value]) => row[key] !== value)) throw notFound();
  return row;
}

export async function get(actor: Actor, definition: ResourceDefinition, id: IdInput, section?: IdInput): Promise<Row> {
  requireAccess(actor, traits(definition).read);
  const scope = await sectionScope(actor, definition, section);
  const row = await find(actor, definition, positiveInteger(id), scope, readScopeOf(actor).publicOnly);
  if (!isSignedIn(actor)) return row;
  const [seen] = await staffView(actor, definition, [row]);
  return seen;
}

/** What the audit log and messages call a row: its title field's value. */
export const titleOf = (definition: ResourceDefinition, row: Row): string =>
  String(row[definition.titleField] ?? '').slice(0, 200);

/**
 * What a write does in its own transaction once the row is stored: a revision, for resources that
 * keep them, and, when it sets the translation link, the counterpart's link back.
 */
export function afterStoring(actor: Actor, definition: ResourceDefinition, values: Row = {}): AfterStore | undefined {
  const pairs = traits(definition).localized && 'translationId' in values;
  if (!keepsHistory(definition) && !pairs) return undefined;
  return async (tx, row) => {
    if (pairs) await pairCounterparts(tx, definition, row);
    if (keepsHistory(definition)) await saveRevision(tx, definition, row, actor.account?.id ?? null);
  };
}

/**
 * For rows added together (an import): each row's counterpart link where it sets one, and their
 * first revisions in one statement per chunk instead of one per row.
 */
export function afterStoringNew(definition: ResourceDefinition, values: Row) {
  const pairs = traits(definition).localized && 'translationId' in values;
  return pairs ? (tx: Tx, row: Row) => pairCounterparts(tx, definition, row) : undefined;
}

export const firstRevisions = (actor: Actor, definition: ResourceDefinition): AfterStoreMany | undefined =>
  keepsHistory(definition)
    ? (tx, rows) => saveFirstRevisions(tx, definition, rows, actor.account?.id ?? null)
    : undefined;

/** Records a write of one row in the audit log. */
export const auditRow = (
  actor: Actor,
  definition: ResourceDefinition,
  action: AuditAction,
  row: Row,
  detail?: string,
) =>
  recordAudit(actor, {
    action,
    resource: definition.name,
    rowId: Number(row.id),
    summary: detail ? `${titleOf(definition, row)} (${detail})` : titleOf(definition, row),
  });

/** Checks that need the database: referenced rows and uploads exist, unique values are free. */
export async function checkAgainstDatabase(
  actor: Actor,
  definition: ResourceDefinition,
  values: Row,
  id?: number,
  existing?: Row,
) {
  const issues: Issue[] = [];
  const together = definition.uniqueTogether ?? [];
  if (together.length) {
    const row = { ...existing, ...values };
    const combination = Object.fromEntries(together.map((key) => [key, row[key]]));
    if (
      together.every((key) => row[key] !== undefined && row[key] !== null) &&
      (await combinationExists(definition, combination, id))
    ) {
      const labels = together.map((key) => definition.fields[key].label[actor.language]).join(' + ');
      const value = together.map((key) => String(row[key])).join(' + ');
      issues.push({ field: together[together.length - 1], key: 'duplicate', values: { field: labels, value } });
    }
  }
  for (const [key, f] of inputFields(definition)) {
    const value = values[key];
    const label = (k: string) => (k === key ? f.label[actor.language] : k);
    if (value === undefined || value === null) continue;
    if (f.kind === 'reference' && typeof value === 'number') {
      const target = findResource(f.resource);
      // A translation is the same resource's row in the other language; other references stay in this one.
      const language = key === 'translationId' ? otherLanguage(actor.language) : actor.language;
      if (target && !(await rowExists(target, language, value))) {
        issues.push({ field: key, key: 'unknownReference', values: { field: label(key), value } });
      }
    } else if (f.kind === 'image' || f.kind === 'files') {
      const missing = await uploadsExist(
        f.kind === 'image' ? [String(value)] : Array.isArray(value) ? value.map(String) : [],
      );
      if (missing.length)
        issues.push({ field: key, key: 'unknownUpload', values: { field: label(key), value: missing.join(', ') } });
    }
    if (f.unique && typeof value === 'string' && (await duplicateExists(definition, key, value, id))) {
      issues.push({ field: key, key: 'duplicate', values: { field: label(key), value } });
    }
  }
  if (issues.length) throw invalidFields(issues);
}

function cleanValues(definition: ResourceDefinition, values: Row): Row {
  const out = { ...values };
  for (const [key, f] of Object.entries(definition.fields)) {
    const value = out[key];
    if (f.kind === 'richtext' && typeof value === 'string') out[key] = sanitizeRichText(value);
  }
  return out;
}

function checkWindow(values: Row) {
  const { publishAt, unpublishAt } = values;
  if (publishAt instanceof Date && unpublishAt instanceof Date && unpublishAt <= publishAt)
    throw invalid('windowOrder');
}

/** Validates `input` as a new row in the actor's language (and section, when given) and stores it. */
export async function add(
  actor: Actor,
  definition: ResourceDefinition,
  input: Record<string, unknown>,
  section?: IdInput,
): Promise<Row> {
  requireAccess(actor, traits(definition).write);
  const reviewAt = reviewAtInput(input);
  const stored = await prepareAdd(actor, definition, input, section);
  const afterStore = afterStoring(actor, definition, stored);
  const write = genericWrite({ kind: 'add', actor, definition, values: stored, reviewAt, afterStore });
  const answered = await answerInstead(write);
  if (answered) return afterWritten(write, answered);
  const added = await insertRow(definition, stored, storeWork(write));
  await auditRow(actor, definition, 'add', added);
  return afterWritten(write, added);
}

/** A generic write answered by a hook without storing it (a pending change), recorded as such. */
async function answerInstead(write: GenericWrite): Promise<Row | undefined> {
  const answered = await answeredInstead(write);
  if (answered?.audit)
    await auditRow(write.actor, write.definition, 'submit', answered.audit.row, answered.audit.detail);
  return answered?.row;
}

/** A new row checked and made ready to store, in the actor's language. */
export async function prepareAdd(
  actor: Actor,
  definition: ResourceDefinition,
  input: Record<string, unknown>,
  section?: IdInput,
): Promise<Row> {
  const fixed = await sectionScope(actor, definition, section);
  const { values, issues } = validateInput(definition, { ...input, ...fixed }, 'add', actor.language, timeZone());
  if (issues.length) throw invalidFields(issues);
  await checkAgainstDatabase(actor, definition, values);
  const t = traits(definition);
  const row: Row = cleanValues(definition, values);
  if (t.localized) row.lang = actor.language;
  if (t.window && !row.publishAt) row.publishAt = new Date();
  checkWindow(row);
  row.updatedBy = actor.account?.id ?? null;
  const hooks = hooksFor(definition);
  return hooks.beforeWrite ? await hooks.beforeWrite(row, actor) : row;
}

/** Changes the fields `input` names on the row `input.id`; fields it leaves out stay as they are. */
export async function update(
  actor: Actor,
  definition: ResourceDefinition,
  input: Record<string, unknown>,
  section?: IdInput,
): Promise<Row> {
  requireAccess(actor, traits(definition).write);
  return applyUpdate(actor, definition, input, section);
}

/**
 * The version a writer last read (`version` of an update's body, `?version=` of delete and
 * changeorder): the write is refused unless the row still has it. Absent, the write goes through
 * whatever the row's version.
 */
export function expectedVersion(value: unknown): Expected {
  if (value === undefined || value === null || value === '') return {};
  const text = String(value);
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw invalid('invalidVersion', { value: text.slice(0, 20) });
  return { version: Number(text) };
}

/** An update as the audit log names it: `update`, or `restore` when the values are a revision's. */
export async function applyUpdate(
  actor: Actor,
  definition: ResourceDefinition,
  input: Record<string, unknown>,
  section?: IdInput,
  audit: { action: AuditAction; detail?: string } = { action: 'update' },
): Promise<Row> {
  const { version, ...fields } = input;
  const expected = expectedVersion(version);
  const reviewAt = reviewAtInput(input);
  const { existing, values, changes } = await prepareUpdate(actor, definition, fields, section);
  const write = genericWrite({
    kind: 'update',
    actor,
    definition,
    existing,
    values: changes,
    changesContent: Object.keys(values).some((key) => key !== 'id'),
    reviewAt,
    expected,
    afterStore: afterStoring(actor, definition, changes),
  });
  const answered = await answerInstead(write);
  if (answered) return afterWritten(write, answered);
  const updated = await updateRow(definition, existing, changes, storeWork(write), expected);
  await auditRow(
    actor,
    definition,
    audit.action,
    updated,
    audit.detail ?? changedFields(definition, values, existing, updated),
  );
  const { afterUpdate } = hooksFor(definition);
  if (afterUpdate) await afterUpdate(existing, updated, actor);
  return afterWritten(write, updated);
}

/** An update checked and made ready to store: the row as it is, the input's values, and the changes to write. */
export async function prepareUpdate(
  actor: Actor,
  definition: ResourceDefinition,
  input: Record<string, unknown>,
  section?: IdInput,
) {
  const scope = await sectionScope(actor, definition, section);
  const body = { ...input, ...scope };
  if (body.id === undefined || body.id === null) throw invalid('missingUpdateId');
  const id = positiveInteger(String(body.id));
  const existing = await find(actor, definition, id, scope);
  const { values, issues } = validateInput(definition, body, 'update', actor.language, timeZone());
  if (issues.length) throw invalidFields(issues);
  await checkAgainstDatabase(actor, definition, values, id, existing);
  const hooks = hooksFor(definition);
  let changes: Row = { ...cleanValues(definition, values), updatedBy: actor.account?.id ?? null };
  // A cleared publish time means "now", as on add: the column is never empty.
  if (traits(definition).window && 'publishAt' in changes && !changes.publishAt) changes.publishAt = new Date();
  if (hooks.beforeWrite) changes = await hooks.beforeWrite(changes, actor);
  checkWindow({ ...existing, ...changes });
  if (hooks.beforeUpdate) await hooks.beforeUpdate(existing, { ...existing, ...changes }, actor);
  return { existing, values, changes };
}

/**
 * The fields an update changed, for the audit log; a virtual field (a new password) is never read back, so its being
 * sent is the change.
 */
function changedFields(definition: ResourceDefinition, values: Row, existing: Row, updated: Row): string | undefined {
  const changed = Object.keys(values).filter(
    (key) => key !== 'id' && (definition.fields[key]?.virtual || !sameValue(existing[key], updated[key])),
  );
  return changed.length ? changed.join(', ') : undefined;
}

/**
 * Deletes a row no other row refers to; returns the row as it was. A resource that keeps history
 * keeps the row in its trash (lib/content/storage/trash.ts) until it is restored or purged.
 */
export async function remove(
  actor: Actor,
  definition: ResourceDefinition,
  id: IdInput,
  section?: IdInput,
  version?: unknown,
): Promise<Row> {
  requireAccess(actor, traits(definition).write);
  const expected = expectedVersion(version);
  const existing = await prepareRemove(actor, definition, id, section);
  const write = genericWrite({ kind: 'remove', actor, definition, existing, expected });
  const answered = await answerInstead(write);
  if (answered) return afterWritten(write, answered);
  await deleteRow(definition, existing, trashWriter(actor, definition), expected);
  await auditRow(actor, definition, 'delete', existing);
  return afterWritten(write, existing);
}

/** The row a delete would remove, once it is known that nothing still needs it. */
export async function prepareRemove(
  actor: Actor,
  definition: ResourceDefinition,
  id: IdInput,
  section?: IdInput,
): Promise<Row> {
  const existing = await find(actor, definition, positiveInteger(id), await sectionScope(actor, definition, section));
  // A type, class or group still in use is not deleted: its items would lose their place.
  for (const reference of referencesTo(definition.name)) {
    const used = await countWhere(reference.resource, reference.field, existing.id);
    if (used > 0) throw conflict('inUse', { count: used, resource: reference.resource.label[actor.language] });
  }
  const hooks = hooksFor(definition);
  if (hooks.beforeDelete) await hooks.beforeDelete(existing, actor);
  return existing;
}

export const trashWriter = (actor: Actor, definition: ResourceDefinition): AfterStore | undefined =>
  keepsHistory(definition) ? (tx, row) => putInTrash(tx, definition, row, actor.account?.id ?? null) : undefined;

/**
 * A new hidden row with another row's values and its title marked as a copy, for staff to edit
 * before showing it. It is not anyone's translation, and it starts its own history.
 */
export async function duplicate(actor: Actor, definition: ResourceDefinition, id: IdInput): Promise<Row> {
  requireAccess(actor, traits(definition).write);
  if (!traits(definition).visibility) throw notFound();
  const existing = await find(actor, definition, positiveInteger(id));
  const values = wireRow(actor, definition, existing);
  const input: Record<string, unknown> = {};
  for (const [key] of inputFields(definition))
    if (key !== 'translationId' && values[key] !== undefined) input[key] = values[key];
  input[definition.titleField] = translate(actor.language, 'api.copyOf', {
    title: String(values[definition.titleField] ?? ''),
  });
  input.isVisible = false;
  return add(actor, definition, input);
}

const BULK_ACTIONS = ['hide', 'show', 'delete'] as const;
/** The most rows one bulk action takes: a few pages of the longest list page. */
const MAX_BULK_IDS = 500;

/**
 * One action on several rows (`{action: hide | show | delete, ids}`): each row is checked as if it
 * were alone (it exists for this actor, the change is valid, nothing still needs a deleted row),
 * and then every write is stored in one transaction, or none is.
 */
export async function bulk(
  actor: Actor,
  definition: ResourceDefinition,
  input: Record<string, unknown>,
): Promise<{ done: number }> {
  requireAccess(actor, traits(definition).write);
  const action = BULK_ACTIONS.find((known) => known === input.action);
  if (!action) throw invalid('invalidBulkAction', { value: String(input.action ?? '').slice(0, 20) });
  const available = action === 'delete' ? definition.deletable !== false : traits(definition).visibility;
  if (!available) throw invalid('bulkActionUnavailable', { action });
  const ids = Array.isArray(input.ids) ? input.ids : undefined;
  if (!ids?.length || ids.length > MAX_BULK_IDS) throw invalid('invalidBulkIds', { max: MAX_BULK_IDS });
  await refuseUnlessDirect(actor, definition);
  const unique = [...new Set(ids.map((id) => positiveInteger(String(id))))];
  const writes: (BulkWrite & { existing: Row })[] = [];
  for (const id of unique) {
    if (action === 'delete') {
      writes.push({
        existing: await prepareRemove(actor, definition, id),
        remove: true,
        beforeDelete: trashWriter(actor, definition),
      });
    } else {
      const { existing, changes } = await prepareUpdate(actor, definition, { id, isVisible: action === 'show' });
      writes.push({ existing, changes, afterStore: afterStoring(actor, definition, changes) });
    }
  }
  await writeRows(definition, writes);
  const titles = writes.map((write) => titleOf(definition, write.existing)).join('、');
  await recordAudit(actor, {
    action: 'bulk',
    resource: definition.name,
    summary: `${action} ${writes.length}: ${titles}`.slice(0, 200),
  });
  return { done: writes.length };
}

/** Moves a row to `position` (1-based) among its siblings; returns the siblings in their new order. */
export async function move(
  actor: Actor,
  definition: ResourceDefinition,
  id: IdInput,
  position: IdInput,
  section?: IdInput,
  version?: unknown,
): Promise<Row[]> {
  requireAccess(actor, traits(definition).write);
  const expected = expectedVersion(version);
  const existing = await find(actor, definition, positiveInteger(id), await sectionScope(actor, definition, section));
  const to = positiveInteger(position, 'invalidPosition');
  await refuseUnlessDirect(actor, definition);
  const siblings = await moveRow(definition, existing, to, actor.account?.id ?? null, expected);
  await auditRow(actor, definition, 'changeorder', existing, `→ ${to}`);
  return siblings;
}
