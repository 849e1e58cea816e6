import 'server-only';
import { config } from '../../config';
import { otherLanguage } from '../../i18n/languages';
import { operator, requireAccess, type Actor } from '../model/actor';
import { recordAudit } from '../storage/audit';
import { keepsHistory, traits, type ResourceDefinition } from '../model/define';
import { invalid, invalidFields, notFound, positiveInteger, type Issue } from '../model/errors';
import { parseListRequest } from '../model/list-request';
import { findResource } from '../model/registry';
import { linkCounterpart } from '../storage/counterparts';
import { duplicateExists, getRow, rowExists } from '../storage/row-reads';
import { insertRow } from '../storage/row-writes';
import type { Row } from '../model/rows';
import { findRevision, listRevisions, saveRevision, type RevisionEntry } from '../storage/revisions';
import {
  deleteTrashedRow,
  findTrashed,
  listTrash,
  removeUnusedUploads,
  takeOutOfTrash,
  trashedBefore,
  uploadsOf,
  type TrashEntry,
} from '../storage/trash';
import { inputFields } from '../model/validation';
import { toWireDateTime } from '../model/wire-dates';
import { applyUpdate, auditRow, find, titleOf, type IdInput } from './resource';
import { refuseUnlessDirect } from './submission';

/**
 * The back office's safety nets on the one write path: revisions of every row (list, read, restore
 * one), and the trash that `delete` fills (list, restore, purge, and the purge of rows kept longer
 * than TRASH_DAYS). Whoever may write a resource may see its revisions and trash and restore from
 * them; purging for good is for Admins.
 */

/** Refuses unless the actor may write the resource and the resource keeps history (not accounts). */
function requireHistory(actor: Actor, definition: ResourceDefinition, access = traits(definition).write) {
  requireAccess(actor, access);
  if (!keepsHistory(definition)) throw notFound();
}

const languageOf = (actor: Actor, definition: ResourceDefinition) =>
  traits(definition).localized ? actor.language : null;

/** A row's revisions, newest first. */
export async function revisions(actor: Actor, definition: ResourceDefinition, id: IdInput): Promise<RevisionEntry[]> {
  requireHistory(actor, definition);
  const row = await find(actor, definition, positiveInteger(id));
  return listRevisions(definition, Number(row.id));
}

/** The values a row had at one revision. */
export async function revision(
  actor: Actor,
  definition: ResourceDefinition,
  id: IdInput,
  number: IdInput,
): Promise<Row> {
  requireHistory(actor, definition);
  const row = await find(actor, definition, positiveInteger(id));
  const values = await findRevision(definition, Number(row.id), positiveInteger(number));
  if (!values) throw notFound();
  return values;
}

/** A revision's values as an update's input: the fields a client may write, dates in the wire form. */
function revisionInput(definition: ResourceDefinition, values: Row): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, f] of inputFields(definition)) {
    if (f.virtual || f.kind === 'password' || !(key in values)) continue;
    const value = values[key];
    input[key] = value instanceof Date ? toWireDateTime(value, config().siteTimeZone) : value;
  }
  return input;
}

/** Puts a row's values back as they were at one revision, through the update's checks; stores a new revision. */
export async function restoreRevision(
  actor: Actor,
  definition: ResourceDefinition,
  id: IdInput,
  number: IdInput,
): Promise<Row> {
  const values = await revision(actor, definition, id, number);
  const input = { ...revisionInput(definition, values), id: Number(values.id) };
  return applyUpdate(actor, definition, input, undefined, { action: 'restore', detail: `#${positiveInteger(number)}` });
}

/** One page of the resource's trash in the actor's language, latest deleted first. */
export async function trashList(actor: Actor, definition: ResourceDefinition, request: Record<string, unknown> = {}) {
  requireHistory(actor, definition);
  const { page, pageSize } = parseListRequest(definition, { page: request.page, pageSize: request.pageSize });
  return listTrash(definition, languageOf(actor, definition), page, pageSize);
}

async function trashed(actor: Actor, definition: ResourceDefinition, id: IdInput): Promise<TrashEntry> {
  const entry = await findTrashed(definition, languageOf(actor, definition), positiveInteger(id));
  if (!entry) throw notFound();
  return entry;
}

/**
 * Brings a row back from the trash with its id, its place among its siblings, its attachments and
 * its translation link (when the counterpart still exists; a counterpart left without a link gets
 * this row again). A reference to a row deleted meanwhile, or a unique value taken meanwhile, is
 * refused as on update.
 */
export async function restore(actor: Actor, definition: ResourceDefinition, id: IdInput): Promise<Row> {
  requireHistory(actor, definition);
  await refuseUnlessDirect(actor, definition);
  const { row } = await trashed(actor, definition, id);
  const values: Row = {
    ...row,
    updatedAt: new Date(),
    updatedBy: actor.account?.id ?? null,
    version: (Number(row.version) || 0) + 1,
  };
  const issues: Issue[] = [];
  let counterpart: number | null = null;
  for (const [key, f] of inputFields(definition)) {
    const value = values[key];
    if (value === undefined || value === null) continue;
    if (key === 'translationId') {
      const exists = await rowExists(definition, otherLanguage(actor.language), Number(value));
      if (exists) counterpart = Number(value);
      else values.translationId = null;
    } else if (f.kind === 'reference') {
      const target = findResource(f.resource);
      if (target && !(await rowExists(target, actor.language, Number(value)))) {
        issues.push({
          field: key,
          key: 'unknownReference',
          values: { field: f.label[actor.language], value: Number(value) },
        });
      }
    }
    if (f.unique && typeof value === 'string' && (await duplicateExists(definition, key, value, Number(values.id)))) {
      issues.push({ field: key, key: 'duplicate', values: { field: f.label[actor.language], value } });
    }
  }
  if (issues.length) throw invalidFields(issues);
  if (await getRow(definition, { language: actor.language, publicOnly: false }, Number(values.id)))
    throw invalid('restoreTaken', { value: Number(values.id) });
  const restored = await insertRow(
    definition,
    values,
    async (tx, stored) => {
      await takeOutOfTrash(tx, definition, Number(stored.id));
      if (counterpart !== null) await linkCounterpart(tx, definition, counterpart, stored);
      await saveRevision(tx, definition, stored, actor.account?.id ?? null);
    },
    true,
  );
  await auditRow(actor, definition, 'restore', restored, 'trash');
  return restored;
}

/** Removes a trashed row for good: the entry, its revisions, and uploads nothing else names. */
async function purgeEntry(
  actor: Actor,
  definition: ResourceDefinition,
  entry: TrashEntry,
  detail?: string,
): Promise<void> {
  const rowId = Number(entry.row.id);
  await deleteTrashedRow(definition, rowId);
  await removeUnusedUploads(uploadsOf(definition, entry.row));
  await recordAudit(actor, {
    action: 'purge',
    resource: definition.name,
    rowId,
    summary: detail ? `${titleOf(definition, entry.row)} (${detail})` : titleOf(definition, entry.row),
  });
}

/** Admins only: a trashed row is removed for good. */
export async function purge(actor: Actor, definition: ResourceDefinition, id: IdInput): Promise<{ id: number }> {
  requireHistory(actor, definition, 'admin');
  const entry = await trashed(actor, definition, id);
  await purgeEntry(actor, definition, entry);
  return { id: Number(entry.row.id) };
}

/** Purges every row kept in the trash longer than TRASH_DAYS; returns how many. */
export async function purgeExpiredTrash(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - config().trashDays * 86_400_000);
  let purged = 0;
  for (const { resource, rowId, lang } of await trashedBefore(before)) {
    const definition = findResource(resource);
    if (!definition) continue;
    const actor = operator(lang === 'en' ? 'en' : 'tw');
    const entry = await findTrashed(definition, lang === 'en' || lang === 'tw' ? lang : null, rowId);
    if (!entry) continue;
    await purgeEntry(
      { ...actor, clientAddress: 'housekeeping' },
      definition,
      entry,
      `TRASH_DAYS ${config().trashDays}`,
    );
    purged++;
  }
  return purged;
}
