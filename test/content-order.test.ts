/**
 * Ordered resources: new rows go last, `changeorder/{id}/{position}` moves a row to a
 * 1-based position among its siblings (same language) and renumbers them 1..n, deletes close gaps.
 * webbulletintype is the ordered resource of the registry.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent, message } from './helpers/content';

withDatabase();

let admin: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
});

beforeEach(clearContent);

type Language = 'tw' | 'en';

async function addTypes(names: string[], language: Language = 'tw'): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const name of names) ids[name] = (await addRow('webbulletintype', { name }, { token: admin, language })).id;
  return ids;
}

/** The siblings as the list returns them by default: [name, order] in order. */
async function listed(language: Language = 'tw'): Promise<[string, number][]> {
  const result = await call('POST', 'webbulletintype/getlist', { page: 1, pageSize: 9999 }, { language });
  expect(result.status).toBe(200);
  return result.body.data.map((row: any) => [row.name, row.order]);
}

const move = (
  id: number | string,
  position: number | string,
  language: Language = 'tw',
  token: string | null = admin,
) => call('PUT', `webbulletintype/changeorder/${id}/${position}`, undefined, { token, language });

const dense = (names: string[]): [string, number][] => names.map((name, i) => [name, i + 1]);

test('new rows go to the end with the next order', async () => {
  await addTypes(['a', 'b', 'c']);
  expect(await listed()).toEqual(dense(['a', 'b', 'c']));
  const added = await addRow('webbulletintype', { name: 'd' }, { token: admin });
  expect(added.order).toBe(4);
  expect(await listed()).toEqual(dense(['a', 'b', 'c', 'd']));
});

test('changeorder to the first position', async () => {
  const ids = await addTypes(['a', 'b', 'c', 'd']);
  const result = await move(ids.c, 1);
  expect(result.status).toBe(200);
  // The response is the reordered siblings.
  expect(result.body.data.map((row: any) => [row.name, row.order])).toEqual(dense(['c', 'a', 'b', 'd']));
  expect(await listed()).toEqual(dense(['c', 'a', 'b', 'd']));
});

test('changeorder to the last position', async () => {
  const ids = await addTypes(['a', 'b', 'c', 'd']);
  expect((await move(ids.a, 4)).status).toBe(200);
  expect(await listed()).toEqual(dense(['b', 'c', 'd', 'a']));
});

test('changeorder to a middle position, downwards and upwards', async () => {
  const ids = await addTypes(['a', 'b', 'c', 'd', 'e']);
  await move(ids.a, 3);
  expect(await listed()).toEqual(dense(['b', 'c', 'a', 'd', 'e']));
  await move(ids.e, 2);
  expect(await listed()).toEqual(dense(['b', 'e', 'c', 'a', 'd']));
});

test('changeorder to the current position changes nothing', async () => {
  const ids = await addTypes(['a', 'b', 'c']);
  const result = await move(ids.b, 2);
  expect(result.status).toBe(200);
  expect(await listed()).toEqual(dense(['a', 'b', 'c']));
});

test('a position beyond the number of siblings is clamped to the last', async () => {
  const ids = await addTypes(['a', 'b', 'c']);
  const result = await move(ids.a, 99);
  expect(result.status).toBe(200);
  expect(await listed()).toEqual(dense(['b', 'c', 'a']));
});

test.each([['0'], ['x'], ['-1'], ['1.5'], ['99999999999']])(
  'position %p is a 400 and moves nothing',
  async (position) => {
    const ids = await addTypes(['a', 'b', 'c']);
    const result = await move(ids.c, position);
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'invalidPosition', { value: position }));
    expect(await listed()).toEqual(dense(['a', 'b', 'c']));
  },
);

test('the position message is worded in the request language', async () => {
  const ids = await addTypes(['a'], 'en');
  const result = await move(ids.a, 'x', 'en');
  expect(result.status).toBe(400);
  expect(result.body.message).toBe(message('en', 'invalidPosition', { value: 'x' }));
});

test('changeorder of an unknown id is a 404, of a malformed id a 400', async () => {
  await addTypes(['a']);
  expect((await move(777777, 1)).status).toBe(404);
  const bad = await move('abc', 1);
  expect(bad.status).toBe(400);
  expect(bad.body.message).toBe(message('tw', 'invalidId', { value: 'abc' }));
});

test('changeorder is a PUT; other methods are refused without moving anything', async () => {
  const ids = await addTypes(['a', 'b']);
  const result = await call('POST', `webbulletintype/changeorder/${ids.b}/1`, undefined, { token: admin });
  expect(result.status).toBe(405);
  expect(await listed()).toEqual(dense(['a', 'b']));
});

test('delete renumbers the remaining siblings densely', async () => {
  const ids = await addTypes(['a', 'b', 'c', 'd']);
  expect((await call('DELETE', `webbulletintype/delete/${ids.b}`, undefined, { token: admin })).status).toBe(200);
  expect(await listed()).toEqual(dense(['a', 'c', 'd']));
  await call('DELETE', `webbulletintype/delete/${ids.a}`, undefined, { token: admin });
  expect(await listed()).toEqual(dense(['c', 'd']));
  // The next row still goes to the end, right after the survivors.
  const added = await addRow('webbulletintype', { name: 'e' }, { token: admin });
  expect(added.order).toBe(3);
  expect(await listed()).toEqual(dense(['c', 'd', 'e']));
});

test('a series of moves keeps the orders dense', async () => {
  const ids = await addTypes(['a', 'b', 'c', 'd', 'e', 'f']);
  await move(ids.f, 1);
  await move(ids.a, 6);
  await move(ids.c, 3);
  await call('DELETE', `webbulletintype/delete/${ids.d}`, undefined, { token: admin });
  await move(ids.b, 2);
  const rows = await listed();
  expect(rows.map(([, order]) => order)).toEqual([1, 2, 3, 4, 5]);
  expect(rows.map(([name]) => name)).toEqual(['f', 'b', 'c', 'e', 'a']);
});

test('concurrent adds and moves never share or skip an order', async () => {
  const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  const added = await Promise.all(names.map((name) => addRow('webbulletintype', { name }, { token: admin })));
  expect(added.map((row) => row.order).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  const results = await Promise.all(added.map((row, i) => move(row.id, ((i * 3) % 8) + 1)));
  expect(results.map((r) => r.status)).toEqual(names.map(() => 200));
  const rows = await listed();
  expect(rows.map(([, order]) => order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  expect(rows.map(([name]) => name).sort()).toEqual(names);
});

describe('siblings are per language', () => {
  test('orders count within each language independently', async () => {
    await addTypes(['甲', '乙'], 'tw');
    const english = await addRow('webbulletintype', { name: 'first' }, { token: admin, language: 'en' });
    expect(english.order).toBe(1);
    await addTypes(['丙'], 'tw');
    await addTypes(['second'], 'en');
    expect(await listed('tw')).toEqual(dense(['甲', '乙', '丙']));
    expect(await listed('en')).toEqual(dense(['first', 'second']));
  });

  test('moving an English row leaves the Chinese order alone, and the reverse', async () => {
    const tw = await addTypes(['甲', '乙', '丙'], 'tw');
    const en = await addTypes(['one', 'two', 'three'], 'en');
    const moved = await move(en.three, 1, 'en');
    expect(moved.status).toBe(200);
    expect(moved.body.data.map((row: any) => row.name)).toEqual(['three', 'one', 'two']);
    expect(await listed('en')).toEqual(dense(['three', 'one', 'two']));
    expect(await listed('tw')).toEqual(dense(['甲', '乙', '丙']));
    await move(tw.甲, 99, 'tw');
    expect(await listed('tw')).toEqual(dense(['乙', '丙', '甲']));
    expect(await listed('en')).toEqual(dense(['three', 'one', 'two']));
  });

  test("the position is clamped to the siblings of the row's own language", async () => {
    await addTypes(['甲', '乙', '丙', '丁'], 'tw');
    const en = await addTypes(['one', 'two'], 'en');
    await move(en.one, 4, 'en');
    expect(await listed('en')).toEqual(dense(['two', 'one']));
  });

  test('deleting in one language does not renumber the other', async () => {
    const tw = await addTypes(['甲', '乙', '丙'], 'tw');
    await addTypes(['one', 'two', 'three'], 'en');
    await call('DELETE', `webbulletintype/delete/${tw.甲}`, undefined, { token: admin, language: 'tw' });
    expect(await listed('tw')).toEqual(dense(['乙', '丙']));
    expect(await listed('en')).toEqual(dense(['one', 'two', 'three']));
  });

  test("a row cannot be moved through the other language's API", async () => {
    const en = await addTypes(['one', 'two'], 'en');
    await addTypes(['甲'], 'tw');
    const result = await move(en.two, 1, 'tw');
    expect(result.status).toBe(404);
    expect(await listed('en')).toEqual(dense(['one', 'two']));
  });
});

test('changeorder needs a signed-in account', async () => {
  const ids = await addTypes(['a', 'b']);
  const result = await move(ids.b, 1, 'tw', null);
  expect(result.status).toBe(401);
  expect(await listed()).toEqual(dense(['a', 'b']));
});
