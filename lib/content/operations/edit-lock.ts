import 'server-only';
import { config } from '../../config';
import { requireAccess, type Actor } from '../model/actor';
import { traits, type ResourceDefinition } from '../model/define';
import { positiveInteger, unauthorized } from '../model/errors';
import { wireInstant } from '../model/wire';
import { releaseLock, takeLock, type EditLock } from '../storage/edit-locks';
import { find, type IdInput } from './resource';

/**
 * Edit locks of the back office's form (docs/api.md, Edit locks): opening a row's form takes its
 * lock, the open form renews it, closing releases it. Whoever may write the resource may take one;
 * it only warns the others, since a save is guarded by the row's version, never by the lock.
 */

/** A lock as the API answers it: its holder, and since and until when (wire date-times). */
const wireLock = (lock: EditLock) => ({
  accountId: lock.accountId,
  name: lock.name,
  since: wireInstant(lock.since),
  expiresAt: wireInstant(lock.expiresAt),
});

async function lockTarget(actor: Actor, definition: ResourceDefinition, id: IdInput) {
  requireAccess(actor, traits(definition).write);
  if (!actor.account) throw unauthorized();
  const row = await find(actor, definition, positiveInteger(id));
  return { rowId: Number(row.id), accountId: actor.account.id };
}

/**
 * Takes or renews the row's lock for the actor, or, with `{takeover: true}`, takes it from whoever
 * holds it. Answers the lock as it stands and whether it is the actor's (`mine: false` when another
 * account holds it: the form then opens read-only, or learns it was taken over).
 */
export async function lock(actor: Actor, definition: ResourceDefinition, id: IdInput, input: Record<string, unknown>) {
  const { rowId, accountId } = await lockTarget(actor, definition, id);
  const held = await takeLock(definition.name, rowId, accountId, config().editLockSeconds, input.takeover === true);
  return { lock: wireLock(held), mine: held.accountId === accountId };
}

/** Releases the actor's lock of the row (a form closing); another account's lock stays. */
export async function unlock(actor: Actor, definition: ResourceDefinition, id: IdInput) {
  const { rowId, accountId } = await lockTarget(actor, definition, id);
  return { released: await releaseLock(definition.name, rowId, accountId) };
}
