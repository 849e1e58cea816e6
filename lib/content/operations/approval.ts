import 'server-only';
import { requireAccess, type Actor } from '../model/actor';
import { traits, type ResourceDefinition } from '../model/define';
import { ContentError, conflict, invalid, positiveInteger } from '../model/errors';
import { pageOf } from '../model/list-request';
import { findResource } from '../model/registry';
import { inputFields } from '../model/validation';
import { wireInstant, wireRow } from '../model/wire';
import { reviveRow, type Tx } from '../storage/content-tables';
import { getRow } from '../storage/row-reads';
import { deleteRow, updateRow } from '../storage/row-writes';
import type { Row } from '../model/rows';
import {
  decidePending,
  openPending,
  pendingHistory,
  pendingPage,
  rejectPending,
  type PendingEntry,
} from '../storage/pending';
import { notifyAuthor } from './approval-mail';
import { sectionOf } from './review-dates';
import { afterStoring, auditRow, expectedVersion, find, prepareRemove, trashWriter, type IdInput } from './resource';

/**
 * Publishing with approval (docs/back-office.md): what an Admin does with the changes Users
 * submitted (lib/content/operations/submission.ts stores them): read one with its diff to the live
 * row, approve it (applied in one transaction with its revision, exactly once however many Admins
 * click), reject it with a comment for its author, and list the open ones.
 */

/** The longest comment a reviewer may write. */
const MAX_REVIEW_COMMENT = 2000;

const noPending = () => new ContentError('notFound', 'pendingNone');

/** One field the change sets, as the live row has it and as the change would leave it (wire forms). */
export interface FieldChange {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

/** An entry in the wire form the calls answer with (no values: those are the diff's); `section` for the form's path. */
function wireEntry(actor: Actor, entry: PendingEntry, section?: number) {
  const resource = findResource(entry.resource);
  return {
    id: entry.id,
    resource: entry.resource,
    resourceLabel: resource?.label[actor.language] ?? entry.resource,
    rowId: entry.rowId,
    ...(section === undefined ? {} : { section }),
    title: entry.title,
    kind: entry.kind,
    status: entry.status,
    submittedAt: wireInstant(entry.submittedAt),
    submittedBy: entry.accountId,
    submittedByName: entry.accountName,
    comment: entry.comment,
    decidedAt: entry.decidedAt ? wireInstant(entry.decidedAt) : null,
    decidedBy: entry.decidedBy,
    decidedByName: entry.decidedByName,
  };
}

/** The fields a change sets, field by field: for a new row every filled field, for a deletion every field. */
function diffOf(
  actor: Actor,
  definition: ResourceDefinition,
  entry: PendingEntry,
  live: Row,
  proposed: Row,
): FieldChange[] {
  const before = wireRow(actor, definition, live);
  const after = wireRow(actor, definition, proposed);
  const empty = (value: unknown) => value === undefined || value === null || value === '';
  const changes: FieldChange[] = [];
  for (const [key, f] of inputFields(definition)) {
    if (f.virtual) continue;
    const was = entry.kind === 'new' ? null : (before[key] ?? null);
    const will = entry.kind === 'delete' ? null : (after[key] ?? null);
    const touched =
      entry.kind === 'change'
        ? key in entry.values && JSON.stringify(was) !== JSON.stringify(will)
        : !empty(was ?? will);
    if (touched) changes.push({ field: key, label: f.label[actor.language], before: was, after: will });
  }
  return changes;
}

/** The row a call names, in the caller's language, with its entries (the latest first). */
async function rowAndEntries(actor: Actor, definition: ResourceDefinition, id: IdInput) {
  const row = await find(actor, definition, positiveInteger(id));
  return { row, entries: await pendingHistory(definition.name, Number(row.id)) };
}

/** The row a call names and its open change: refused when it has none, or when its latest was already decided. */
async function openEntry(actor: Actor, definition: ResourceDefinition, id: IdInput) {
  const { row, entries } = await rowAndEntries(actor, definition, id);
  const [entry] = entries;
  if (!entry) throw noPending();
  if (entry.status !== 'pending') throw conflict('pendingDecided');
  return { row, entry };
}

/**
 * The row's latest submission (open, or the last decided one with its reviewer's comment), the
 * live row, the row as the change would leave it, the diff between them, and the earlier entries.
 */
export async function pendingChange(actor: Actor, definition: ResourceDefinition, id: IdInput) {
  requireAccess(actor, traits(definition).write);
  const { row, entries } = await rowAndEntries(actor, definition, id);
  const [latest, ...earlier] = entries;
  if (!latest) throw noPending();
  const proposed = { ...row, ...reviveRow(definition, latest.values) };
  return {
    ...wireEntry(actor, latest),
    live: wireRow(actor, definition, row),
    proposed: latest.kind === 'delete' ? null : wireRow(actor, definition, proposed),
    diff: diffOf(actor, definition, latest, row, proposed),
    history: earlier.map((entry) => wireEntry(actor, entry)),
  };
}

function commentOf(body: Record<string, unknown>, required: boolean): string | null {
  const raw = body.comment;
  const text = typeof raw === 'string' ? raw.trim() : raw === undefined || raw === null ? '' : String(raw).trim();
  if (!text && required)
    throw new ContentError('invalid', 'rejectCommentMissing', {}, [
      { field: 'comment', key: 'rejectCommentMissing', values: {} },
    ]);
  if (text.length > MAX_REVIEW_COMMENT) throw invalid('reviewCommentTooLong', { max: MAX_REVIEW_COMMENT });
  return text || null;
}

const noticeOf = (definition: ResourceDefinition, entry: PendingEntry, approved: boolean, comment: string | null) => ({
  definition,
  kind: entry.kind,
  title: entry.title,
  authorId: entry.accountId,
  approved,
  comment,
});

/** What an approval did: the row as stored, or the row as it was before its deletion. */
export interface Approval {
  kind: PendingEntry['kind'];
  row: Row;
  entry: PendingEntry;
}

/**
 * Applies the row's open change (Admins), in one transaction: the row's write, its revision or
 * trash entry, and the entry marked approved. The entry is claimed inside that transaction, so when
 * two Admins approve at once one write is stored and the other is refused (`pendingDecided`). A
 * `version` in the body is the live row's version the reviewer saw; a row saved since is refused.
 */
export async function approve(
  actor: Actor,
  definition: ResourceDefinition,
  id: IdInput,
  body: Record<string, unknown> = {},
): Promise<Approval> {
  requireAccess(actor, 'admin');
  const comment = commentOf(body, false);
  const expected = expectedVersion(body.version);
  const { row, entry } = await openEntry(actor, definition, id);
  const claim = async (tx: Tx) => {
    const decided = await decidePending(tx, entry.id, {
      status: 'approved',
      decidedBy: actor.account?.id ?? null,
      comment,
    });
    if (!decided) throw conflict('pendingDecided');
  };
  try {
    if (entry.kind === 'delete') {
      const existing = await prepareRemove(actor, definition, Number(row.id));
      const trash = trashWriter(actor, definition);
      await deleteRow(
        definition,
        existing,
        async (tx, stored) => {
          await claim(tx);
          await trash?.(tx, stored);
        },
        expected,
      );
      await auditRow(actor, definition, 'approve', existing, 'delete');
      await notifyAuthor(actor, noticeOf(definition, entry, true, comment));
      return { kind: entry.kind, row: existing, entry };
    }
    const changes = reviveRow(definition, entry.values);
    const revision = afterStoring(actor, definition, changes);
    const updated = await updateRow(
      definition,
      row,
      changes,
      async (tx, stored) => {
        await claim(tx);
        await revision?.(tx, stored);
      },
      expected,
    );
    await auditRow(actor, definition, 'approve', updated, entry.kind);
    await notifyAuthor(actor, noticeOf(definition, entry, true, comment));
    return { kind: entry.kind, row: updated, entry };
  } catch (error) {
    // A concurrent approval that went first may also show as a stale version of the row: name the real cause.
    if (error instanceof ContentError && !(await openPending(definition.name, Number(row.id))))
      throw conflict('pendingDecided');
    throw error;
  }
}

/** Discards the row's open change with a comment for its author (Admins); the entry stays in the row's history. */
export async function reject(
  actor: Actor,
  definition: ResourceDefinition,
  id: IdInput,
  body: Record<string, unknown> = {},
): Promise<PendingEntry> {
  requireAccess(actor, 'admin');
  const comment = commentOf(body, true) ?? '';
  const { row, entry } = await openEntry(actor, definition, id);
  if (!(await rejectPending(entry.id, actor.account?.id ?? null, comment))) throw conflict('pendingDecided');
  await auditRow(actor, definition, 'reject', row, comment.slice(0, 120));
  await notifyAuthor(actor, noticeOf(definition, entry, false, comment));
  return { ...entry, status: 'rejected', comment };
}

/** The section of an entry's row, for resources whose forms are per section (a deleted row has none). */
async function sectionOfEntry(actor: Actor, entry: PendingEntry): Promise<number | undefined> {
  const definition = findResource(entry.resource);
  if (!definition?.sectionInPath) return undefined;
  const row = await getRow(definition, { language: actor.language, publicOnly: false }, entry.rowId);
  return row ? sectionOf(definition, row) : undefined;
}

/** A page of entries in the wire form, paged as every list is. */
async function entryPage(actor: Actor, body: Record<string, unknown>, filter: { open: true } | { accountId: number }) {
  const { page, pageSize } = pageOf(body);
  const { entries, total } = await pendingPage({ page, pageSize, filter, language: actor.language });
  const data = [];
  for (const entry of entries) data.push(wireEntry(actor, entry, await sectionOfEntry(actor, entry)));
  return { data, total, page, pageSize };
}

/** Every open change in the caller's language, across resources, the newest first (Admins). */
export async function reviewList(actor: Actor, body: Record<string, unknown>) {
  requireAccess(actor, 'admin');
  return entryPage(actor, body, { open: true });
}

/** The caller's own submissions in their language, open and decided, the newest first (their dashboard). */
export async function mySubmissions(actor: Actor, body: Record<string, unknown>) {
  requireAccess(actor, 'user');
  return entryPage(actor, body, { accountId: actor.account!.id });
}
