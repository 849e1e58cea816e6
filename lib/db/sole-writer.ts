import { processSlot } from '../runtime/process-state';

/**
 * A database only this process can write: PGlite, whose data folder a lock file keeps to one
 * process (lib/db/client.ts). Every statement sent to it that may write is counted here, so what
 * was read from it (the stored content generations, lib/cache/generations.ts) can be remembered
 * exactly until the next write, instead of read again by every request. PostgreSQL is shared with
 * other servers and scripts, so nothing is remembered for it.
 */
interface WriteCount {
  count: number;
}

// One per process: Next.js bundles routes and pages separately, and both must see one count.
declare module '../runtime/process-state' {
  interface ProcessSlots {
    soleWriters: WeakMap<object, WriteCount>;
  }
}

const counts = processSlot('soleWriters', () => new WeakMap());

/** Statements that only read; anything else (and every transaction) counts as a write. */
const readOnly = /^\s*(select|show|explain)\b/i;

export const isReadOnlyStatement = (text: string) => readOnly.test(text);

/** Marks `db` as written only through this process and returns the function that counts a write. */
export function soleWriter(db: object): () => void {
  const count: WriteCount = { count: 0 };
  counts.set(db, count);
  return () => {
    count.count++;
  };
}

/** How many writes were sent to `db` so far (before and after each), or undefined when others may write it. */
export function writesSent(db: object): number | undefined {
  return counts.get(db)?.count;
}
