import 'server-only';
import type { Actor } from '../model/actor';
import type { ResourceDefinition } from '../model/define';
import { inputOf, rowOf, type InputOf, type WriteOf } from '../model/row-check';
import type { Row, RowOf } from '../model/rows';

/**
 * Behaviour that belongs to one resource (hashing a password, refusing to delete the last Admin),
 * typed by its definition: the generic operations run it, so the resource still needs no
 * operations of its own.
 */
interface ResourceHooks<D extends ResourceDefinition> {
  /** Turns validated input into stored values, e.g. `password` into `passwordHash`. */
  beforeWrite?: (input: InputOf<D>, actor: Actor) => Promise<WriteOf<D>> | WriteOf<D>;
  /** Throws a ContentError to refuse; `next` is the row as it would be after an update. */
  beforeUpdate?: (existing: RowOf<D>, next: RowOf<D>, actor: Actor) => Promise<void> | void;
  beforeDelete?: (existing: RowOf<D>, actor: Actor) => Promise<void> | void;
  /** After an update was stored and committed: what follows from the change (the row as it was, and as it is). */
  afterUpdate?: (existing: RowOf<D>, updated: RowOf<D>, actor: Actor) => Promise<void> | void;
}

/**
 * A resource's hooks as the generic operations call them, on rows of any resource: each row is
 * checked against the definition (lib/content/model/row-check.ts) before the typed hook sees it.
 */
export interface RegisteredHooks {
  definition: ResourceDefinition;
  beforeWrite?: (input: Row, actor: Actor) => Promise<Row>;
  beforeUpdate?: (existing: Row, next: Row, actor: Actor) => Promise<void>;
  beforeDelete?: (existing: Row, actor: Actor) => Promise<void>;
  afterUpdate?: (existing: Row, updated: Row, actor: Actor) => Promise<void>;
}

/** Hooks attached to a definition (not to a name, which could be misspelt), listed in ./index.ts. */
export function defineHooks<D extends ResourceDefinition>(definition: D, hooks: ResourceHooks<D>): RegisteredHooks {
  const { beforeWrite, beforeUpdate, beforeDelete, afterUpdate } = hooks;
  return {
    definition,
    beforeWrite: beforeWrite && (async (input, actor) => beforeWrite(inputOf(definition, input), actor)),
    beforeUpdate:
      beforeUpdate &&
      (async (existing, next, actor) => beforeUpdate(rowOf(definition, existing), rowOf(definition, next), actor)),
    beforeDelete: beforeDelete && (async (existing, actor) => beforeDelete(rowOf(definition, existing), actor)),
    afterUpdate:
      afterUpdate &&
      (async (existing, updated, actor) => afterUpdate(rowOf(definition, existing), rowOf(definition, updated), actor)),
  };
}
