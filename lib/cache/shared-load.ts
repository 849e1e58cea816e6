import v8 from 'node:v8';

/**
 * One load served to many requests. A promise keeps the async context it was made in (Node's
 * AsyncLocalStorage stores each store on the promise), so a cache that kept a load's promise kept
 * the request that happened to make it (its response, its rendered page) for as long as the entry
 * lived: thousands of requests on a busy server, until its heap ran out. Once the load has
 * succeeded only its value is kept, and each caller gets a promise of its own.
 */
export class SharedLoad<T> {
  private state:
    { settled: false; pending: Promise<T> } | { settled: true; value: T } | { settled: true; bytes: Buffer };

  /**
   * `serialized`: once loaded, the value is kept as v8's serialization of it, off the collector's
   * heap, and each later caller gets a copy of its own (about 20 µs for a page of ten rows). For
   * pages of rows: thousands of them kept as objects were most of what every full collection marked,
   * and each page a reader's paging brought in was promoted to the old generation only to die there,
   * which brought the next full collection on (docs/performance.md, "What holds the loop").
   */
  constructor(load: Promise<T>, serialized = false) {
    this.state = { settled: false, pending: load };
    load.then(
      (value) => {
        this.state = { settled: true, value };
        if (!serialized) return;
        try {
          this.state = { settled: true, bytes: v8.serialize(value) };
        } catch {
          // A value v8 cannot serialize (a function, a class's private state: rows hold none) is kept as it is.
        }
      },
      () => {}, // the caller's own promise carries the failure; caches drop a failed entry
    );
  }

  /** The load has succeeded. */
  get loaded(): boolean {
    return this.state.settled;
  }

  /** The bytes a serialized value is kept in (0 for others, and before the load succeeds). */
  get size(): number {
    return 'bytes' in this.state ? this.state.bytes.length : 0;
  }

  get(): Promise<T> {
    const state = this.state;
    if (!state.settled) return state.pending;
    return Promise.resolve('bytes' in state ? (copyOf(state.bytes) as T) : state.value);
  }
}

/**
 * v8's deserializer makes its objects in Node's own realm. Code that runs in another (a test
 * runner's sandbox) would find their dates not `instanceof Date` and their objects' prototype not
 * its `Object.prototype`: there the copy is made again in the caller's realm.
 */
const sameRealm = v8.deserialize(v8.serialize(new Date(0))) instanceof Date;

function copyOf(bytes: Buffer): unknown {
  const copy = v8.deserialize(bytes);
  return sameRealm ? copy : inThisRealm(copy);
}

function inThisRealm(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  if (Object.prototype.toString.call(value) === '[object Date]') return new Date((value as Date).getTime());
  if (Array.isArray(value)) return value.map(inThisRealm);
  const copy: Record<string, unknown> = {};
  for (const key in value) copy[key] = inThisRealm((value as Record<string, unknown>)[key]);
  return copy;
}
