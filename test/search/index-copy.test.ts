/**
 * The server's copy of the search index in memory (lib/content/storage/search-memory.ts): it reads
 * a word's rows once, then only what was written since, by this server or by another one on the
 * same database (a second connection here, on PostgreSQL), and a rebuild or a removal is followed.
 */
import { eq } from 'drizzle-orm';
import { findResource } from '../../lib/content/model/registry';
import { indexRow, unindexRow } from '../../lib/content/storage/search-index';
import { purgeSearchRemovals, warmSearchIndexCopy } from '../../lib/content/storage/search-memory';
import { reindexAll } from '../../lib/content/storage/search-reindex';
import { getDb, type Database } from '../../lib/db';
import { openPostgres, type Connection } from '../../lib/db/client';
import { searchRemovals, webnews } from '../../lib/db/schema';
import { clearSiteReads } from '../../lib/cache/site-reads';
import { searchSite } from '../../lib/public/site-search';
import { signedIn, call } from '../helpers/api';
import { addRow } from '../helpers/content';
import { withDatabase } from '../helpers/database';
import { existingProcessSlot } from '../../lib/runtime/process-state';

const database = withDatabase();
const url = process.env.DATABASE_URL;

let token: string;
/** Another app server's connection on PostgreSQL; this server's own on PGlite, which serves one process. */
let other: Connection | undefined;
let otherDb: Database;
beforeAll(async () => {
  token = (await signedIn(1)).token;
  if (url) other = await openPostgres(url, { searchPath: database.connection().schema });
  otherDb = other?.db ?? (await getDb());
});
afterAll(async () => {
  await other?.close();
});

const titles = async (query: string) => {
  // What the server keeps of visitors' searches would answer without the copy.
  clearSiteReads();
  return (await searchSite('tw', query, 1)).hits.map((hit) => hit.title).sort();
};

/** The statements a search sends, as text. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const db = await getDb();
  const execute = jest.spyOn(db, 'execute');
  const select = jest.spyOn(db, 'select');
  try {
    await work();
    return [...execute.mock.calls.map(([query]) => JSON.stringify(query)), ...select.mock.calls.map(() => 'select')];
  } finally {
    execute.mockRestore();
    select.mockRestore();
  }
}

/** A row written and indexed in one transaction, as another server's save does. */
async function writeElsewhere(title: string): Promise<number> {
  const definition = findResource('webnews')!;
  return otherDb.transaction(async (tx) => {
    const [row] = await tx
      .insert(webnews)
      .values({ title, lang: 'tw' } as never)
      .returning();
    await indexRow(tx, definition, row as Record<string, unknown>);
    return Number((row as { id: number }).id);
  });
}

test('a word’s rows are read once; a later save reaches the copy without reading them again', async () => {
  await addRow('webnews', { title: '鸚鵡螺保育信託' }, { token, language: 'tw' });
  expect(await titles('鸚鵡螺')).toEqual(['鸚鵡螺保育信託']);
  const row = await addRow('webnews', { title: '鸚鵡螺化石展' }, { token, language: 'tw' });
  const statements = await statementsOf(async () => {
    expect(await titles('鸚鵡螺')).toEqual(['鸚鵡螺保育信託', '鸚鵡螺化石展']);
  });
  // The term's rows are not read again: only the changes (documents since, removals, their terms).
  expect(statements.some((text) => text.includes('t.weight from search_terms'))).toBe(false);
  expect(statements.some((text) => text.includes('d.generation >'))).toBe(true);

  expect((await call('PUT', 'webnews/update', { id: row.id, title: '菊石化石展' }, { token })).status).toBe(200);
  expect(await titles('鸚鵡螺')).toEqual(['鸚鵡螺保育信託']);
  expect(await titles('菊石')).toEqual(['菊石化石展']);
  expect((await call('DELETE', `webnews/delete/${row.id}`, undefined, { token })).status).toBe(200);
  expect(await titles('菊石')).toEqual([]);
});

test('another server’s writes and removals are found by the next search', async () => {
  expect(await titles('海葵')).toEqual([]);
  const id = await writeElsewhere('海葵共生信託');
  expect(await titles('海葵')).toEqual(['海葵共生信託']);
  await otherDb.transaction(async (tx) => {
    await tx.delete(webnews).where(eq(webnews.id, id));
    await unindexRow(tx, findResource('webnews')!, id);
  });
  expect(await titles('海葵')).toEqual([]);
});

test('a rebuild of the index is followed', async () => {
  await addRow('webnews', { title: '水母夜觀活動' }, { token, language: 'tw' });
  expect(await titles('水母')).toEqual(['水母夜觀活動']);
  // Rows written without their entries (a restore of an old backup, say), then a rebuild.
  await (await getDb()).insert(webnews).values({ title: '水母標本展', lang: 'tw' } as never);
  expect(await titles('水母')).toEqual(['水母夜觀活動']);
  await reindexAll(otherDb);
  expect(await titles('水母')).toEqual(['水母夜觀活動', '水母標本展']);
});

test('removals are kept a day, for copies that have not caught up yet', async () => {
  const db = await getDb();
  const kept = (await db.select().from(searchRemovals)).length;
  expect(kept).toBeGreaterThan(0);
  expect(await purgeSearchRemovals(new Date())).toBe(0);
  expect(await purgeSearchRemovals(new Date(Date.now() + 25 * 60 * 60 * 1000))).toBe(kept);
});

test('a save compared with the terms this server remembers falls back to the stored ones when another wrote since', async () => {
  const row = await addRow('webnews', { title: '藍鯨保育' }, { token, language: 'tw' });
  expect((await call('PUT', 'webnews/update', { id: row.id, title: '藍鯨保育計畫' }, { token })).status).toBe(200);
  // Another server's save of the same row, as its statements reach the database.
  await (other ?? database.connection()).session(async (query) => {
    await query('begin');
    await query(`update webnews set title = '抹香鯨保育' where id = $1`, [row.id]);
    await query(`insert into search_terms (term, resource, row_id, weight) values ('抹香', 'webnews', $1, 3)`, [
      row.id,
    ]);
    await query(`update search_documents set title = '抹香鯨保育' where resource = 'webnews' and row_id = $1`, [
      row.id,
    ]);
    await query('commit');
  });
  expect(await titles('抹香')).toEqual(['抹香鯨保育']);
  expect((await call('PUT', 'webnews/update', { id: row.id, title: '藍鯨保育' }, { token })).status).toBe(200);
  expect(await titles('抹香')).toEqual([]);
  expect(await titles('藍鯨')).toEqual(['藍鯨保育']);
});

test('a word’s rows read before the copy took in a write are read again, not kept without it', async () => {
  await addRow('webnews', { title: '珊瑚礁復育' }, { token, language: 'tw' });
  expect(await titles('珊瑚礁')).toEqual(['珊瑚礁復育']);
  const db = await getDb();
  const execute = db.execute.bind(db);
  let raced = false;
  const spy = jest.spyOn(db, 'execute').mockImplementation((async (query: Parameters<typeof execute>[0]) => {
    const result = await execute(query);
    if (
      !raced &&
      JSON.stringify(query).includes('t.weight from search_terms') &&
      JSON.stringify(query).includes('海草')
    ) {
      raced = true;
      // Written and taken in by the copy (a search of another word) after the read above.
      await addRow('webnews', { title: '海草床調查' }, { token, language: 'tw' });
      expect(await titles('珊瑚礁')).toEqual(['珊瑚礁復育']);
    }
    return result;
  }) as never);
  try {
    // This search began before the row was written: whether it shows the row does not matter.
    await titles('海草');
  } finally {
    spy.mockRestore();
  }
  expect(raced).toBe(true);
  expect(await titles('海草')).toEqual(['海草床調查']);
});

test('what the index holds is asked once until the copy changes; a word written elsewhere is then found', async () => {
  await addRow('webnews', { title: 'Nautilus conservation trust' }, { token, language: 'tw' });
  expect(await titles('nautilsu')).toEqual(['Nautilus conservation trust']);
  const statements = await statementsOf(async () => {
    expect(await titles('nautilsu')).toEqual(['Nautilus conservation trust']);
  });
  // Neither the words as typed nor the candidates one edit away are looked up again.
  expect(statements.some((text) => text.includes('from search_terms'))).toBe(false);

  // No word one edit away yet; then another server writes one.
  expect(await titles('octopsu')).toEqual([]);
  await writeElsewhere('Octopus garden');
  expect(await titles('octopsu')).toEqual(['Octopus garden']);
});

test('a query’s other pages are slices of its kept ranking, until the copy takes in a write', async () => {
  for (const n of [1, 2, 3]) await addRow('webnews', { title: `水母觀察 ${n}` }, { token, language: 'tw' });
  const pageOf = async (page: number) => {
    clearSiteReads();
    return (await searchSite('tw', '水母', page, {}, 1)).hits.map((hit) => hit.title);
  };
  const rankings = () => ({ ...existingProcessSlot('searchRankings')! });
  const first = await pageOf(1);
  const before = rankings();
  const pages = [first, await pageOf(2), await pageOf(3)];
  expect(rankings()).toMatchObject({ hits: before.hits + 2, misses: before.misses });
  expect(pages.flat().sort()).toEqual(['水母觀察 1', '水母觀察 2', '水母觀察 3']);

  await writeElsewhere('水母觀察 4');
  const all = [await pageOf(1), await pageOf(2), await pageOf(3), await pageOf(4)];
  expect(rankings().misses).toBe(before.misses + 1);
  expect(all.flat().sort()).toEqual(['水母觀察 1', '水母觀察 2', '水母觀察 3', '水母觀察 4']);
});

test('a ranking made by several searches at once is kept once, its bytes counted once', async () => {
  for (const n of [1, 2, 3]) await addRow('webnews', { title: `海星再生 ${n}` }, { token, language: 'tw' });
  const rankings = () => {
    const { entries, bytes } = existingProcessSlot('searchRankings')!;
    return { size: entries.size, bytes };
  };
  // One search of one word of the titles: what its ranking holds.
  expect(await titles('海星')).toHaveLength(3);
  const before = rankings();
  // Three pages of the other word at once (each its own answer): three rankings made, one kept,
  // holding as many bytes as the first word's (a word of as many characters, the same rows).
  clearSiteReads();
  const pages = await Promise.all([1, 2, 3].map((page) => searchSite('tw', '再生', page, {}, 1)));
  expect(pages.flatMap((page) => page.hits.map((hit) => hit.title)).sort()).toEqual([
    '海星再生 1',
    '海星再生 2',
    '海星再生 3',
  ]);
  const after = rankings();
  expect(after.size).toBe(before.size + 1);
  const entries = existingProcessSlot('searchRankings')!.entries as Map<string, { bytes: number }>;
  const [first, second] = [...entries.values()].slice(-2);
  expect(after.bytes - before.bytes).toBe(second.bytes);
  expect(second.bytes).toBe(first.bytes);
});

test('a row scheduled for a moment later is found from that moment, with no write between', async () => {
  const definition = findResource('webnews')!;
  const at = new Date(Date.now() + 1_500);
  await otherDb.transaction(async (tx) => {
    const [row] = await tx
      .insert(webnews)
      .values({ title: '海龜產卵季', lang: 'tw', publishAt: at } as never)
      .returning();
    await indexRow(tx, definition, row as Record<string, unknown>);
  });
  expect(await titles('海龜')).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now() + 50));
  expect(await titles('海龜')).toEqual(['海龜產卵季']);
});

test('the copy read ahead (as the server does at its start) leaves the first search only the changes', async () => {
  await addRow('webnews', { title: '寄居蟹淨灘' }, { token, language: 'tw' });
  // A rebuild makes the next search read every document again.
  await reindexAll(otherDb);
  await warmSearchIndexCopy();
  const statements = await statementsOf(async () => {
    expect(await titles('寄居蟹')).toEqual(['寄居蟹淨灘']);
  });
  expect(statements.some((text) => text.includes('order by d.resource, d.row_id'))).toBe(false);
});
