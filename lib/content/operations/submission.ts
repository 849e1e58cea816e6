import 'server-only';
import { readByVisitors, type ResourceDefinition } from '../model/define';
import type { Actor } from '../model/actor';
import { ContentError } from '../model/errors';
import { Role } from '../model/roles';
import { wireInstant } from '../model/wire';
import type { AfterStore } from '../storage/content-tables';
import { insertRow } from '../storage/row-writes';
import { type Expected, withRowLocked } from '../storage/versions';
import type { Row } from '../model/rows';
import { submitPending, type PendingKind } from '../storage/pending';
import { approvalSettings } from '../storage/settings';
import { notifyApprovers } from './approval-mail';

/**
 * Whether a write waits for approval (docs/back-office.md, Publishing with approval): a User's
 * write to a resource visitors read, while the shared setting `approvalRequired` is on. Admins'
 * writes, the console's and every write while the setting is off are stored at once.
 */
export async function approvalNeeded(actor: Actor, definition: ResourceDefinition): Promise<boolean> {
  if (actor.operator || actor.account?.role !== Role.User) return false;
  if (!readByVisitors(definition)) return false;
  return (await approvalSettings()).required;
}

/** Refuses a write that cannot wait as a pending change (a reorder, a bulk action, a restore from the trash). */
export async function refuseUnlessDirect(actor: Actor, definition: ResourceDefinition): Promise<void> {
  if (await approvalNeeded(actor, definition)) throw new ContentError('forbidden', 'approvalAdminOnly');
}

/** What an answer carries of a submission: `{pending: {id, submittedAt}}` beside the live row. */
export interface Submitted {
  id: number;
  submittedAt: string;
}

type Stored = Awaited<ReturnType<typeof submitPending>>;

const submitted = (stored: Stored): Submitted => ({
  id: stored.id,
  submittedAt: wireInstant(stored.submittedAt),
});

const titleOf = (definition: ResourceDefinition, row: Row) => String(row[definition.titleField] ?? '').slice(0, 200);

/**
 * Stores a User's new row hidden, with its open change that shows it (or not, as the User chose)
 * once approved; `afterStore` (its revision) runs in the same transaction.
 */
export async function submitNew(
  actor: Actor,
  definition: ResourceDefinition,
  values: Row,
  afterStore?: AfterStore,
): Promise<Row & { pending: Submitted }> {
  let stored: Stored | undefined;
  const row = await insertRow(definition, { ...values, isVisible: false }, async (tx, added) => {
    await afterStore?.(tx, added);
    stored = await submitPending(tx, {
      resource: definition.name,
      rowId: Number(added.id),
      lang: typeof added.lang === 'string' ? added.lang : null,
      kind: 'new',
      values: { isVisible: values.isVisible !== false },
      title: titleOf(definition, added),
      baseVersion: Number(added.version),
      accountId: actor.account?.id ?? null,
    });
  });
  await notifyApprovers(actor, { definition, kind: 'new', title: titleOf(definition, row) });
  return { ...row, pending: submitted(stored!) };
}

/**
 * Stores a User's change or deletion of a row as its open change; the row stays as it is. The
 * version the User read is checked against the live row, as a direct save's is.
 */
export async function submitChange(
  actor: Actor,
  definition: ResourceDefinition,
  existing: Row,
  kind: Exclude<PendingKind, 'new'>,
  changes: Row,
  expected: Expected,
): Promise<Row & { pending: Submitted }> {
  const stored = await withRowLocked(definition, existing.id, expected, (tx, version) =>
    submitPending(tx, {
      resource: definition.name,
      rowId: Number(existing.id),
      lang: typeof existing.lang === 'string' ? existing.lang : null,
      kind,
      values: changes,
      title: titleOf(definition, { ...existing, ...changes }),
      baseVersion: version,
      accountId: actor.account?.id ?? null,
    }),
  );
  // One e-mail per open change: a further edit of it tells the approvers nothing new.
  if (stored.first)
    await notifyApprovers(actor, { definition, kind, title: titleOf(definition, { ...existing, ...changes }) });
  return { ...existing, pending: submitted(stored) };
}
