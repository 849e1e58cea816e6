import { AsyncLocalStorage } from 'node:async_hooks';
import { processSlot } from './process-state';

declare module './process-state' {
  interface ProcessSlots {
    readRecords: AsyncLocalStorage<ReadRecord>;
  }
}

/**
 * What one call's answer was made from, for keeping the answer (lib/api/staff-answers.ts): the
 * stored generations it read (lib/cache/generations.ts), the local generations of the read cache's
 * entries it used (lib/cache/public-reads.ts), and the moment the first of those values stops being
 * true with the clock (an entry's expiry, a lock lapsing, a row's status changing). A statement sent
 * to the database outside a cached load or a generation read makes the answer `unkeyed`: nothing
 * says when it would change, so it is not kept.
 */
export interface ReadRecord {
  stored: Map<string, number>;
  local: Map<string, number>;
  until: number;
  unkeyed: boolean;
}

// One per process: Next.js bundles routes and pages separately, and both must see one store.
const records = processSlot('readRecords', () => new AsyncLocalStorage<ReadRecord>());

/** Runs `work`, recording what its reads were made from. */
export async function recordReads<T>(work: () => Promise<T>): Promise<{ value: T; record: ReadRecord }> {
  const record: ReadRecord = { stored: new Map(), local: new Map(), until: Infinity, unkeyed: false };
  const value = await records.run(record, work);
  return { value, record };
}

/**
 * Runs a load whose value is keyed by what its caller notes (a cached read's load, a generation
 * read): its statements do not make the recorded call unkeyed. Outside a recorded call it just runs.
 */
export function keyedLoad<T>(load: () => T): T {
  return records.getStore() ? records.exit(load) : load();
}

export function noteStoredGeneration(name: string, generation: number): void {
  records.getStore()?.stored.set(name, generation);
}

export function noteLocalGeneration(resource: string, generation: number): void {
  records.getStore()?.local.set(resource, generation);
}

/** The value just read stops being true at `at` (epoch milliseconds) without any write. */
export function noteUntil(at: number): void {
  const record = records.getStore();
  if (record && at < record.until) record.until = at;
}

/** A statement reached the database outside a keyed load. */
export function noteUnkeyedRead(): void {
  const record = records.getStore();
  if (record) record.unkeyed = true;
}
