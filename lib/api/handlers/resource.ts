import { config } from '../../config';
import type { ResourceDefinition } from '../../content/define';
import { hooksFor } from '../../content/hooks';
import { findResource, referencesTo } from '../../content/registry';
import * as repo from '../../content/repository';
import { traits } from '../../content/table';
import { inputFields, validateInput, type Issue } from '../../content/validation';
import { otherLanguage } from '../../i18n/languages';
import { toWire } from '../../content/wire';
import { sanitizeRichText } from '../../security/sanitize';
import { requireAccess, type RequestContext } from '../context';
import { badRequest, notFound, validationError } from '../errors';
import { json, pathInteger, readJsonObject } from '../http';
import { choiceFromPath, parseListRequest } from '../../content/list-request';

// The list request lives with the content model (search and lists share it); re-exported for callers here.
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, parseListRequest, sortableFields } from '../../content/list-request';

const access = (definition: ResourceDefinition) => ({
  read: definition.access?.read ?? 'public',
  write: definition.access?.write ?? 'user',
});

const timeZone = () => config().siteTimeZone;
const signedIn = (context: RequestContext) => context.account !== null;
const wire = (definition: ResourceDefinition, context: RequestContext, row: repo.Row) =>
  toWire(definition, row, signedIn(context), timeZone());

function readScope(context: RequestContext): repo.ReadScope {
  return { language: context.language, publicOnly: !signedIn(context) };
}


/**
 * The value of one parent filter from a path or query string: a section must be one of its list's
 * ids, a reference must name an existing row of this language (DESIGN §5: an unknown type id is a
 * 400). Returns undefined for "all" (0, where 0 is not itself a section).
 */
async function parentValue(context: RequestContext, definition: ResourceDefinition, parent: string, raw: string): Promise<number | undefined> {
  const f = definition.fields[parent];
  const label = f.label[context.language];
  if (f.kind === 'choice') {
    // 0 means "all" unless 0 is itself a section (Q&A's general category).
    if (raw === '0' && !f.choices.some((c) => c.value === 0)) return undefined;
    return choiceFromPath(f, context.language, raw);
  }
  if (raw === '0') return undefined;
  const id = pathInteger(raw);
  const target = f.kind === 'reference' ? findResource(f.resource) : undefined;
  if (target && !(await repo.rowExists(target, context.language, id))) throw badRequest('unknownReference', { field: label, value: id });
  return id;
}

/** `getlist/{a}/{b}` path ids, or the same parents (and the definition's other filters) in the query string. */
async function parentFilters(context: RequestContext, definition: ResourceDefinition, ids: string[]): Promise<Record<string, number>> {
  const filters: Record<string, number> = {};
  for (const [i, parent] of [...traits(definition).parents, ...(definition.filters ?? [])].entries()) {
    const raw = ids[i] ?? context.searchParams.get(parent) ?? undefined;
    if (raw === undefined || raw === '') continue;
    const value = await parentValue(context, definition, parent, raw);
    if (value !== undefined) filters[parent] = value;
  }
  return filters;
}

/** The section of a `…/{section}/…` path as a filter on the resource's first parent. */
async function sectionScope(context: RequestContext, definition: ResourceDefinition, section: string | undefined): Promise<Record<string, number>> {
  if (section === undefined) return {};
  const parent = traits(definition).parents[0];
  const value = await parentValue(context, definition, parent, section);
  return value === undefined ? {} : { [parent]: value };
}

export async function list(context: RequestContext, definition: ResourceDefinition, pathIds: string[]) {
  requireAccess(context, access(definition).read);
  const request = parseListRequest(definition, await readJsonObject(context.request));
  const filters = await parentFilters(context, definition, pathIds);
  const { rows, total, page } = await repo.listRows(definition, readScope(context), { ...request, filters });
  return json({ data: rows.map((row) => wire(definition, context, row)), total, page, pageSize: request.pageSize });
}

/** The row with this id in the request's language (and section, when the path names one), or 404. */
async function findOr404(context: RequestContext, definition: ResourceDefinition, id: number, scope: Record<string, number> = {}, publicOnly = false) {
  const row = await repo.getRow(definition, { language: context.language, publicOnly }, id);
  if (!row || Object.entries(scope).some(([key, value]) => row[key] !== value)) throw notFound();
  return row;
}

export async function get(context: RequestContext, definition: ResourceDefinition, id: string, section?: string) {
  requireAccess(context, access(definition).read);
  const scope = await sectionScope(context, definition, section);
  const row = await findOr404(context, definition, pathInteger(id), scope, !signedIn(context));
  return json(wire(definition, context, row));
}


/** Checks that need the database: referenced rows and uploads exist, unique values are free. */
async function checkAgainstDatabase(context: RequestContext, definition: ResourceDefinition, values: repo.Row, id?: number) {
  const issues: Issue[] = [];
  for (const [key, f] of inputFields(definition)) {
    const value = values[key];
    const label = (k: string) => (k === key ? f.label[context.language] : k);
    if (value === undefined || value === null) continue;
    if (f.kind === 'reference') {
      const target = findResource(f.resource);
      // A translation is the same resource's row in the other language; other references stay in this one.
      const language = key === 'translationId' ? otherLanguage(context.language) : context.language;
      if (target && !(await repo.rowExists(target, language, value as number))) {
        issues.push({ field: key, key: 'unknownReference', values: { field: label(key), value: value as number } });
      }
    } else if (f.kind === 'image' || f.kind === 'files') {
      const missing = await repo.uploadsExist(f.kind === 'image' ? [value as string] : (value as string[]));
      if (missing.length) issues.push({ field: key, key: 'unknownUpload', values: { field: label(key), value: missing.join(', ') } });
    }
    if (f.unique && typeof value === 'string' && (await repo.duplicateExists(definition, key, value, id))) {
      issues.push({ field: key, key: 'duplicate', values: { field: label(key), value } });
    }
  }
  if (issues.length) throw validationError(context.language, issues);
}

function cleanValues(definition: ResourceDefinition, values: repo.Row): repo.Row {
  const out = { ...values };
  for (const [key, f] of Object.entries(definition.fields)) {
    if (f.kind === 'richtext' && typeof out[key] === 'string') out[key] = sanitizeRichText(out[key] as string);
  }
  return out;
}

function checkWindow(values: repo.Row) {
  const { publishAt, unpublishAt } = values;
  if (publishAt instanceof Date && unpublishAt instanceof Date && unpublishAt <= publishAt) throw badRequest('windowOrder');
}

export async function add(context: RequestContext, definition: ResourceDefinition, section?: string) {
  requireAccess(context, access(definition).write);
  const fixed = await sectionScope(context, definition, section);
  const body = { ...(await readJsonObject(context.request)), ...fixed };
  const { values, issues } = validateInput(definition, body, 'add', context.language, timeZone());
  if (issues.length) throw validationError(context.language, issues);
  await checkAgainstDatabase(context, definition, values);
  const t = traits(definition);
  const row: repo.Row = cleanValues(definition, values);
  if (t.localized) row.lang = context.language;
  if (t.window && !row.publishAt) row.publishAt = new Date();
  checkWindow(row);
  row.updatedBy = context.account?.id ?? null;
  const hooks = hooksFor(definition.name);
  const stored = hooks.beforeWrite ? await hooks.beforeWrite(row, hookContext(context)) : row;
  return json(wire(definition, context, await repo.insertRow(definition, stored)));
}

const hookContext = (context: RequestContext) => ({ accountId: context.account?.id ?? null, language: context.language });

export async function update(context: RequestContext, definition: ResourceDefinition, section?: string) {
  requireAccess(context, access(definition).write);
  const scope = await sectionScope(context, definition, section);
  const body = { ...(await readJsonObject(context.request)), ...scope };
  if (body.id === undefined || body.id === null) throw badRequest('missingUpdateId');
  const id = pathInteger(String(body.id));
  const existing = await findOr404(context, definition, id, scope);
  const { values, issues } = validateInput(definition, body, 'update', context.language, timeZone());
  if (issues.length) throw validationError(context.language, issues);
  await checkAgainstDatabase(context, definition, values, id);
  const hooks = hooksFor(definition.name);
  let changes: repo.Row = { ...cleanValues(definition, values), updatedBy: context.account?.id ?? null };
  // A cleared publish time means "now", as on add: the column is never empty.
  if (traits(definition).window && 'publishAt' in changes && !changes.publishAt) changes.publishAt = new Date();
  if (hooks.beforeWrite) changes = await hooks.beforeWrite(changes, hookContext(context));
  checkWindow({ ...existing, ...changes });
  if (hooks.beforeUpdate) await hooks.beforeUpdate(existing, { ...existing, ...changes }, hookContext(context));
  return json(wire(definition, context, await repo.updateRow(definition, existing, changes)));
}

export async function remove(context: RequestContext, definition: ResourceDefinition, id: string, section?: string) {
  requireAccess(context, access(definition).write);
  const existing = await findOr404(context, definition, pathInteger(id), await sectionScope(context, definition, section));
  // A type, class or group still in use is not deleted: its items would lose their place.
  for (const reference of referencesTo(definition.name)) {
    const used = await repo.countWhere(reference.resource, reference.field, existing.id);
    if (used > 0) throw badRequest('inUse', { count: used, resource: reference.resource.label[context.language] });
  }
  const hooks = hooksFor(definition.name);
  if (hooks.beforeDelete) await hooks.beforeDelete(existing, hookContext(context));
  await repo.deleteRow(definition, existing);
  return json({ id: existing.id });
}

export async function changeOrder(context: RequestContext, definition: ResourceDefinition, id: string, position: string, section?: string) {
  requireAccess(context, access(definition).write);
  const existing = await findOr404(context, definition, pathInteger(id), await sectionScope(context, definition, section));
  const siblings = await repo.moveRow(definition, existing, pathInteger(position, 'invalidPosition'));
  return json({ data: siblings.map((row) => wire(definition, context, row)) });
}
