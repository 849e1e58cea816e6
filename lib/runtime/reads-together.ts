/** How many keys one read may carry; a caller finding the waiting read full waits for a read of its own after it. */
const MAX_KEYS = 1_000;

interface Group<K, V> {
  /** The last read of the group sent or waiting to be sent. */
  last: Promise<Map<K, V>>;
  /** A read not sent yet: whoever asks before it is sent joins it. */
  waiting?: { keys: Set<K>; read: Promise<Map<K, V>> };
}

/** Sends one read of `keys`, answering the value found for each (a key not found is absent). */
export type SendRead<K, V> = (keys: K[]) => Promise<Map<K, V>>;

/** Settles after the event loop's next turn: once the I/O already waiting (other requests) has run. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads that go together: a read waits for the read of its group under way, if there is one, then
 * goes as one read of every key its group was asked meanwhile; with `gather`, a read also waits for
 * the event loop's next turn, so the requests that came in together join it. On PGlite's one
 * connection a query runs to its end before any other request's code does, so without `gather`
 * nothing would ever join, and a query's fixed cost (parsing, planning, the round of messages) is
 * most of a small read's. A read joined is always sent after its callers asked, so each sees every
 * write committed before it asked. `group` says which reads may go together (the same `send` for
 * other keys).
 */
export function readsTogether<K, V>({ gather = false } = {}): (
  group: unknown,
  keys: Iterable<K>,
  send: SendRead<K, V>,
) => Promise<Map<K, V>> {
  const groups = new Map<unknown, Group<K, V>>();
  return (group, keys, send) => {
    let known = groups.get(group);
    const waiting = known?.waiting;
    if (waiting && waiting.keys.size < MAX_KEYS) {
      for (const key of keys) waiting.keys.add(key);
      return waiting.read;
    }
    const asked = new Set(keys);
    let read: Promise<Map<K, V>>;
    if (!known && !gather) {
      read = send([...asked]);
      groups.set(group, { last: read });
    } else {
      if (!known) groups.set(group, (known = { last: nextTurn().then(() => new Map()) }));
      const chained = known;
      read = chained.last
        .catch(() => undefined)
        .then(() => {
          if (chained.waiting?.read === read) chained.waiting = undefined;
          return send([...asked]);
        });
      chained.last = read;
      chained.waiting = { keys: asked, read };
    }
    const done = () => {
      if (groups.get(group)?.last === read) groups.delete(group);
    };
    read.then(done, done);
    return read;
  };
}
