import 'server-only';
import type { Actor } from '../model/actor';
import { traits, type ResourceDefinition } from '../model/define';
import type { Row } from '../model/rows';
import type { AfterStore } from '../storage/content-tables';
import { markTranslationStale } from '../storage/counterparts';
import type { Expected } from '../storage/versions';
import { saveReviewAt } from './review-dates';
import { approvalNeeded, submitChange, submitNew } from './submission';

/**
 * What the generic writes of every resource (`add`, `update`, `remove` of resource.ts) do beside
 * storing the row, as hooks they run in the order of `genericWriteHooks`. A hook may answer the
 * write instead of storing it (`instead`: the first answer wins), add work to the stored write's
 * transaction (`store`), and follow the write however it was answered (`after`). The resources'
 * own hooks (lib/content/hooks) run inside the store; these are the same for every resource.
 */

export interface GenericWrite {
  kind: 'add' | 'update' | 'remove';
  actor: Actor;
  definition: ResourceDefinition;
  /** The row as stored before the write (update, remove). */
  existing?: Row;
  /** What is stored: the new row (add) or the changes (update); the store hooks may add to them. */
  values: Row;
  /** Whether the input changes anything but the review date. */
  changesContent: boolean;
  /** The review date the input sets (null: none), or undefined when it names none. */
  reviewAt: Date | null | undefined;
  expected: Expected;
  /** The write's own work in its transaction (a revision, the counterpart's link). */
  afterStore?: AfterStore;
}

/** A write with the defaults of one that changes content and names no version or review date. */
export const genericWrite = (
  write: Pick<GenericWrite, 'kind' | 'actor' | 'definition'> & Partial<GenericWrite>,
): GenericWrite => ({ values: {}, changesContent: true, reviewAt: undefined, expected: {}, ...write });

/** A write answered without storing it: the row to answer, and what the audit log records of it. */
export interface Answered {
  row: Row;
  audit?: { row: Row; detail: string };
}

interface GenericWriteHook {
  instead?(write: GenericWrite): Promise<Answered | undefined>;
  store?(write: GenericWrite): AfterStore | undefined;
  after?(write: GenericWrite, row: Row): Promise<Row>;
}

/** Review dates: staff's, never shown to visitors, so they are set at once, whatever waits for approval. */
const reviewDates: GenericWriteHook = {
  async instead(write) {
    // Only the review date: no content write, no version raised.
    if (write.kind === 'update' && !write.changesContent && write.reviewAt !== undefined)
      return { row: write.existing! };
    return undefined;
  },
  after(write, row) {
    if (write.kind === 'remove') return Promise.resolve(row);
    return saveReviewAt(write.definition, row, write.reviewAt, write.kind === 'add');
  },
};

/** Approval: while it is required, a User's write of a resource visitors read waits as a pending change. */
const approval: GenericWriteHook = {
  async instead(write) {
    const { actor, definition, existing } = write;
    if (!(await approvalNeeded(actor, definition))) return undefined;
    if (write.kind === 'add') {
      const submitted = await submitNew(actor, definition, write.values, write.afterStore);
      return { row: submitted, audit: { row: submitted, detail: 'new' } };
    }
    const kind = write.kind === 'update' ? 'change' : 'delete';
    const changes = write.kind === 'update' ? write.values : {};
    const submitted = await submitChange(actor, definition, existing!, kind, changes, write.expected);
    return { row: submitted, audit: { row: existing!, detail: kind } };
  },
};

/** Whether two stored values are the same (dates and lists by their JSON). */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Stale translations: a saved row is up to date again; a change of its content makes its counterpart out of date. */
const staleTranslations: GenericWriteHook = {
  store(write) {
    const { definition, existing, values } = write;
    if (write.kind !== 'update' || !traits(definition).localized) return undefined;
    // Saving a row is its translation's review. A change of its content leaves the counterpart out
    // of date until that is saved in turn.
    values.translationStale = false;
    const contentChanged = Object.keys(definition.fields).some(
      (key) => key in values && !sameValue(existing![key], values[key]),
    );
    return contentChanged ? (tx, row) => markTranslationStale(tx, definition, row) : undefined;
  },
};

const genericWriteHooks: readonly GenericWriteHook[] = [reviewDates, approval, staleTranslations];

/** The first hook's answer to the write in place of storing it, if any. */
export async function answeredInstead(write: GenericWrite): Promise<Answered | undefined> {
  for (const hook of genericWriteHooks) {
    const answer = await hook.instead?.(write);
    if (answer) return answer;
  }
  return undefined;
}

/** The write's own work in its transaction, then the hooks'. Call once, just before storing. */
export function storeWork(write: GenericWrite): AfterStore | undefined {
  const steps = [write.afterStore, ...genericWriteHooks.map((hook) => hook.store?.(write))].filter(
    (step): step is AfterStore => step !== undefined,
  );
  if (steps.length <= 1) return steps[0];
  return async (tx, row) => {
    for (const step of steps) await step(tx, row);
  };
}

/** The hooks that follow a write, stored or answered instead; the row to answer. */
export async function afterWritten(write: GenericWrite, row: Row): Promise<Row> {
  let answer = row;
  for (const hook of genericWriteHooks) if (hook.after) answer = await hook.after(write, answer);
  return answer;
}
