/**
 * The stored generation of a content table (lib/cache/generations.ts). On PGlite, which only this
 * process can write, a value is remembered until any statement that may write is sent; on
 * PostgreSQL, which other servers and scripts share, every call reads it.
 */
import { bumpStoredGeneration, storedGeneration, storedGenerations } from '../lib/cache/generations';
import { getDb } from '../lib/db';
import { webnews } from '../lib/db/schema';
import { call, signedIn } from './helpers/api';
import { spyOnGenerationReads, withDatabase } from './helpers/database';

const database = withDatabase();
const embedded = !process.env.DATABASE_URL;

async function readsWhile(work: () => Promise<unknown>): Promise<number> {
  const reads = spyOnGenerationReads(await getDb());
  try {
    await work();
    return reads.count();
  } finally {
    reads.restore();
  }
}

test('repeated calls without a write: remembered on PGlite, read every time on PostgreSQL', async () => {
  await storedGeneration('webnews');
  const reads = await readsWhile(async () => {
    for (let i = 0; i < 5; i++) await storedGeneration('webnews');
  });
  expect(reads).toBe(embedded ? 0 : 5);
});

test('a write through the API, through Drizzle, in raw SQL or in a transaction is seen by the next call', async () => {
  const admin = await signedIn(1);
  const db = await getDb();
  let last = await storedGeneration('webnews');
  const writes: (() => Promise<unknown>)[] = [
    () => call('POST', 'webnews/add', { title: 'through the API' }, { token: admin.token }),
    () => db.insert(webnews).values({ title: 'through Drizzle', lang: 'tw' } as never),
    () => database.connection().query("update webnews set title = 'raw SQL' where title = 'through Drizzle'"),
    () => db.transaction(async (tx) => tx.delete(webnews)),
  ];
  for (const write of writes) {
    await write();
    const next = await storedGeneration('webnews');
    expect(next).toBeGreaterThan(last);
    last = next;
  }
});

test('a value read while a write was under way is not remembered', async () => {
  const db = await getDb();
  const before = await storedGeneration('webnews');
  const writing = db.insert(webnews).values({ title: 'concurrent', lang: 'tw' } as never);
  const during = storedGeneration('webnews');
  await writing;
  expect(await during).toBeLessThanOrEqual(await storedGeneration('webnews'));
  expect(await storedGeneration('webnews')).toBeGreaterThan(before);
});

test('several generations in one read, in the order asked; a name never bumped is 0', async () => {
  const db = await getDb();
  await db.insert(webnews).values({ title: 'bumps webnews', lang: 'tw' } as never);
  const [news, never] = await storedGenerations(['webnews', 'nothing-writes-this']);
  expect(news).toBe(await storedGeneration('webnews'));
  expect(never).toBe(0);
  const reads = await readsWhile(() => storedGenerations(['webnews', 'nothing-writes-this']));
  expect(reads).toBe(embedded ? 0 : 1);
});

test('a bump moves a name no table counts, in the transaction of the write, and two first bumps at once do not clash', async () => {
  const db = await getDb();
  const name = `bumped-${Date.now()}`;
  await Promise.all([bumpStoredGeneration(db, name), bumpStoredGeneration(db, name)]);
  const first = await storedGeneration(name);
  expect(first).toBeGreaterThan(0);
  await db
    .transaction(async (tx) => {
      await bumpStoredGeneration(tx, name);
      throw new Error('rolled back');
    })
    .catch(() => undefined);
  expect(await storedGeneration(name)).toBe(first);
  await db.transaction((tx) => bumpStoredGeneration(tx, name));
  const [after] = await storedGenerations([name]);
  expect(after).toBeGreaterThan(first);
});

test('reads asked while one is under way go together in the next, sent after they asked', async () => {
  const db = await getDb();
  await bumpStoredGeneration(db, 'webnews:together');
  const expected = await storedGenerations(['webnews', 'webnews:together'], db);
  // A write, so that PGlite reads again too.
  await bumpStoredGeneration(db, 'webnews:together');
  const reads = spyOnGenerationReads(db);
  try {
    const first = storedGenerations(['webnews'], db);
    expect(reads.count()).toBe(1);
    const others = Array.from({ length: 9 }, (_, i) =>
      storedGenerations(i % 2 ? ['webnews:together'] : ['webnews', 'webnews:together'], db),
    );
    // Not sent yet: they wait for the first read to return.
    expect(reads.count()).toBe(1);
    const answers = await Promise.all([first, ...others]);
    expect(reads.count()).toBe(2);
    const bumped = answers[2][0];
    expect(bumped).toBeGreaterThan(expected[1]);
    expect(answers[0]).toEqual([expected[0]]);
    expect(answers[1]).toEqual([expected[0], bumped]);
  } finally {
    reads.restore();
  }
});

test("one resource's reads asked together go as one too (a search's, a cached read's)", async () => {
  const db = await getDb();
  // A write, so that PGlite reads again too.
  await bumpStoredGeneration(db, 'webnews:alone');
  const reads = spyOnGenerationReads(db);
  try {
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => storedGeneration('webnews', db)),
      storedGeneration('webnews:alone', db),
    ]);
    // The first read, then one for everything asked while it was under way.
    expect(reads.count()).toBe(2);
    expect(new Set(answers.slice(0, 10)).size).toBe(1);
    expect(answers[10]).toBeGreaterThan(0);
  } finally {
    reads.restore();
  }
});
