import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { cachedRead, localGeneration, noteWindowChange } from '../../cache/public-reads';
import { getDb } from '../../db';
import { traits, type ResourceDefinition } from '../model/define';
import { column, tableOf, timestampValue } from './content-tables';

interface WindowChanges {
  /** The latest publishAt/unpublishAt (or `changesAt` field) at or before the moment asked about. */
  last: Date | null;
  /** The first one after it. */
  next: Date | null;
}

const epochMs = (value: SQL) => sql<number | null>`extract(epoch from ${value}) * 1000`;

/**
 * When rows of `definition` entered or left the public window last, and when one does next (any
 * row, any language: a bound may be early, never late). Cached with the resource's reads: a write
 * drops it, and a value whose `next` has passed is read again. Visitors' cached reads of the
 * resource expire at `next` (lib/cache/public-reads.ts `noteWindowChange`), so a scheduled row shows
 * at its time rather than up to a TTL later.
 */
export async function windowChanges(definition: ResourceDefinition, now = new Date()): Promise<WindowChanges> {
  if (!traits(definition).window) return { last: null, next: null };
  // What this read learns holds for the writes made before it began, not for one made meanwhile.
  const generation = localGeneration(definition.name);
  const load = async (at: Date): Promise<WindowChanges> => {
    const columns = ['publishAt', 'unpublishAt', ...(definition.changesAt ?? [])].map((key) =>
      column(tableOf(definition), key),
    );
    const moment = timestampValue(at);
    const db = await getDb();
    const [row] = await db
      .select({
        last: epochMs(
          sql`greatest(${sql.join(
            columns.map((c) => sql`max(${c}) filter (where ${c} <= ${moment})`),
            sql`, `,
          )})`,
        ),
        next: epochMs(
          sql`least(${sql.join(
            columns.map((c) => sql`min(${c}) filter (where ${c} > ${moment})`),
            sql`, `,
          )})`,
        ),
      })
      .from(tableOf(definition));
    const date = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Math.floor(Number(ms))));
    return { last: date(row?.last), next: date(row?.next) };
  };
  const cached = await cachedRead(definition.name, 'window-changes', () => load(now));
  const current =
    !cached.next || cached.next > now
      ? cached
      : await cachedRead(definition.name, `window-changes@${cached.next.getTime()}`, () => load(now));
  const changes = !current.next || current.next > now ? current : await load(now);
  noteWindowChange(definition.name, changes.next?.getTime(), generation);
  return changes;
}

/**
 * Before a visitor's cached read of a resource whose rows enter and leave the public window: its
 * next change known, so the entry the read makes ends then (an API-only server renders no page that
 * would learn it otherwise).
 */
export async function knowWindow(definition: ResourceDefinition): Promise<void> {
  await windowChanges(definition);
}
