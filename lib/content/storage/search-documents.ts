import 'server-only';

/**
 * The documents of the search index as a server's copy holds them (lib/content/storage/search-memory.ts):
 * one slot per entry, each column a typed array indexed by slot, so that matching tens of thousands
 * of rows reads numbers, not objects. A slot dropped stays empty until the copy is read again.
 */

/** A document as read from `search_documents` (its year in the site's time zone). */
export type DocumentRow = {
  resource: string;
  row_id: number;
  lang: string;
  part: string;
  title: string;
  date: Date | string | null;
  year: number | null;
  is_visible: boolean;
  members_only: boolean;
  publish_at: Date | string | null;
  unpublish_at: Date | string | null;
};

export const PRESENT = 1;
export const VISIBLE = 2;
export const MEMBERS_ONLY = 4;

/** Strings stored once, by number. */
class Interned {
  readonly values: string[] = [];
  private readonly numbers = new Map<string, number>();
  of(value: string): number {
    let number = this.numbers.get(value);
    if (number === undefined) this.numbers.set(value, (number = this.values.push(value) - 1));
    return number;
  }
  find(value: string): number | undefined {
    return this.numbers.get(value);
  }
}

/**
 * A title's hash (FNV-1a over its UTF-16 units): comparing hashes in one typed array first spares a
 * search reading tens of thousands of titles scattered over the heap to find the exact title.
 */
export function titleHash(title: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < title.length; i++) hash = Math.imul(hash ^ title.charCodeAt(i), 0x01000193);
  return hash | 0;
}

const time = (value: Date | string | null) => (value === null ? NaN : new Date(value).getTime());

function grown<T extends Float64Array | Int32Array | Uint8Array | Uint16Array>(array: T, capacity: number): T {
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  return next;
}

/** A place (a resource's rows on one public page) as the columns key it. */
export const placeKey = (resource: string, part: string) => `${resource}\u0000${part}`;

export class IndexDocuments {
  /** Slots in use (some emptied since), and room for. */
  size = 0;
  capacity = 0;
  resource = new Uint8Array(0);
  rowId = new Int32Array(0);
  lang = new Uint8Array(0);
  place = new Uint16Array(0);
  /** PRESENT, VISIBLE, MEMBERS_ONLY. */
  flags = new Uint8Array(0);
  /** Milliseconds, NaN for none. */
  date = new Float64Array(0);
  /** 0 for none. */
  year = new Int32Array(0);
  publishAt = new Float64Array(0);
  unpublishAt = new Float64Array(0);
  titles: string[] = [];
  /** titleHash of each title. */
  titleHashes = new Int32Array(0);
  readonly resources = new Interned();
  readonly places = new Interned();
  readonly langs = new Interned();
  private readonly slots = new Map<string, Map<number, number>>();

  clear(): void {
    this.size = 0;
    this.titles = [];
    this.slots.clear();
  }

  slotOf(resource: string, rowId: number): number | undefined {
    return this.slots.get(resource)?.get(rowId);
  }

  /** Stores a document in its slot (a new one for a row not held), and returns the slot. */
  store(row: DocumentRow): number {
    const resource = this.resources.of(row.resource);
    let slotsOf = this.slots.get(row.resource);
    if (!slotsOf) this.slots.set(row.resource, (slotsOf = new Map()));
    let slot = slotsOf.get(Number(row.row_id));
    if (slot === undefined) {
      if (this.size === this.capacity) this.grow();
      slot = this.size++;
      slotsOf.set(Number(row.row_id), slot);
    }
    this.resource[slot] = resource;
    this.rowId[slot] = Number(row.row_id);
    this.lang[slot] = this.langs.of(row.lang);
    this.place[slot] = this.places.of(placeKey(row.resource, row.part));
    this.flags[slot] = PRESENT | (row.is_visible ? VISIBLE : 0) | (row.members_only ? MEMBERS_ONLY : 0);
    this.date[slot] = time(row.date);
    this.year[slot] = row.year === null ? 0 : Number(row.year);
    this.publishAt[slot] = time(row.publish_at);
    this.unpublishAt[slot] = time(row.unpublish_at);
    this.titles[slot] = row.title;
    this.titleHashes[slot] = titleHash(row.title);
    return slot;
  }

  /** Empties a row's slot; returns it, or undefined for a row not held. */
  remove(resource: string, rowId: number): number | undefined {
    const slot = this.slots.get(resource)?.get(rowId);
    if (slot === undefined) return undefined;
    this.slots.get(resource)!.delete(rowId);
    this.flags[slot] = 0;
    return slot;
  }

  /** The first moment after `now` (ms) at which a document enters or leaves the public window, or null. */
  nextWindowChange(now: number): number | null {
    let next = Infinity;
    for (let slot = 0; slot < this.size; slot++) {
      if (!(this.flags[slot] & PRESENT)) continue;
      if (this.publishAt[slot] > now && this.publishAt[slot] < next) next = this.publishAt[slot];
      if (this.unpublishAt[slot] > now && this.unpublishAt[slot] < next) next = this.unpublishAt[slot];
    }
    return next === Infinity ? null : next;
  }

  private grow(): void {
    this.capacity = Math.max(1024, this.capacity * 2);
    this.resource = grown(this.resource, this.capacity);
    this.rowId = grown(this.rowId, this.capacity);
    this.lang = grown(this.lang, this.capacity);
    this.place = grown(this.place, this.capacity);
    this.flags = grown(this.flags, this.capacity);
    this.date = grown(this.date, this.capacity);
    this.year = grown(this.year, this.capacity);
    this.publishAt = grown(this.publishAt, this.capacity);
    this.unpublishAt = grown(this.unpublishAt, this.capacity);
    this.titleHashes = grown(this.titleHashes, this.capacity);
  }
}
