/**
 * The "last updated" calls (docs/api.md, each resource's own calls): the boards' and committees' stamps set by
 * `changeupdatetime/{id}` and read by `getupdatetime/{id}`, and the latest change among public rows
 * for self-regulation rules (`webdiscipline/getupdatetime`) and one education category
 * (`webeducation/getupdatetime/{id}`). Dates travel as `YYYY-MM-DDTHH:mm:ss` in Taipei time.
 */
import { eq } from 'drizzle-orm';
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, message, taipei, wireDateTime } from './helpers/content';
import { getDb } from '../lib/db';
import { findResource } from '../lib/content/model/registry';
import { column, tableOf } from '../lib/content/storage/content-tables';
import { sectionUpdateTimes } from '../lib/db/schema';

withDatabase();

let admin: string;
let user: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
  user = (await signedIn(0)).token;
});

const table = (name: string) => tableOf(findResource(name)!);

beforeEach(async () => {
  const db = await getDb();
  await db.delete(sectionUpdateTimes);
  for (const name of ['webdiscipline', 'webdisciplinetype', 'webeducation']) await db.delete(table(name));
});

/** Stores an exact updatedAt, so the expected wire date does not depend on the clock. */
async function setUpdatedAt(resource: string, id: number, iso: string) {
  const db = await getDb();
  const t = table(resource);
  await db
    .update(t)
    .set({ updatedAt: new Date(iso) } as never)
    .where(eq(column(t, 'id'), id));
}

/** The wire date must be "now" in Taipei, give or take the test's own run time. */
function expectNow(date: string, before: Date) {
  expect(date).toMatch(wireDateTime);
  expect(date >= taipei(new Date(before.getTime() - 1000))).toBe(true);
  expect(date <= taipei(new Date(Date.now() + 1000))).toBe(true);
}

describe.each([
  ['websupervisor', ['理監事別', 'Board'], 2],
  ['webcommittee', ['委員會', 'Committee'], 6],
] as const)('%s changeupdatetime / getupdatetime', (resource, label, lastSection) => {
  const change = (
    section: number | string,
    options: { token?: string | null; language?: 'tw' | 'en'; xsrf?: false } = {},
  ) => call('POST', `${resource}/changeupdatetime/${section}`, undefined, { token: user, ...options });
  const read = (section: number | string, language: 'tw' | 'en' = 'tw', token?: string) =>
    call('GET', `${resource}/getupdatetime/${section}`, undefined, { language, token });

  test('a section never marked has no date', async () => {
    const result = await read(1);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ date: null });
  });

  test('a User account marks a section; anyone then reads the same date', async () => {
    const before = new Date();
    const changed = await change(1);
    expect(changed.status).toBe(200);
    expectNow(changed.body.date, before);
    expect(await read(1)).toMatchObject({ status: 200, body: { date: changed.body.date } });
    expect((await read(1, 'tw', admin)).body).toEqual({ date: changed.body.date });
  });

  test('marking again moves the date forward', async () => {
    const db = await getDb();
    await db
      .insert(sectionUpdateTimes)
      .values({ resource, section: 1, lang: 'tw', updatedAt: new Date('2020-01-01T00:00:00Z') });
    expect((await read(1)).body).toEqual({ date: '2020-01-01T08:00:00' });
    const before = new Date();
    const changed = await change(1, { token: admin });
    expect(changed.status).toBe(200);
    expectNow((await read(1)).body.date, before);
  });

  test('each language and each section has its own date', async () => {
    const changed = await change(lastSection, { language: 'en' });
    expect(changed.status).toBe(200);
    expect((await read(lastSection, 'en')).body).toEqual({ date: changed.body.date });
    expect((await read(lastSection, 'tw')).body).toEqual({ date: null });
    expect((await read(1, 'en')).body).toEqual({ date: null });
  });

  test('anonymous or stale-token writes are a 401 and mark nothing', async () => {
    const anonymous = await change(1, { token: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(message('tw', 'unauthorized'));
    const stale = await change(1, { token: 'no-such-token', language: 'en' });
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe(message('en', 'sessionExpired'));
    // Even for an unknown section: the role is checked first.
    expect((await change(99, { token: null })).status).toBe(401);
    expect((await read(1)).body).toEqual({ date: null });
  });

  test('a write without the XSRF pair is a 403', async () => {
    expect((await change(1, { xsrf: false })).status).toBe(403);
    expect((await read(1)).body).toEqual({ date: null });
  });

  test.each(['0', String(lastSection + 1), 'abc', '-1', '1.5', '99999999999'])(
    'section %p is a 400 for both calls',
    async (section) => {
      for (const language of ['tw', 'en'] as const) {
        const field = language === 'tw' ? label[0] : label[1];
        for (const result of [await change(section, { language }), await read(section, language)]) {
          expect(result.status).toBe(400);
          expect(result.body.message).toBe(message(language, 'unknownSection', { field, value: section }));
        }
      }
    },
  );

  test('wrong methods are a 405', async () => {
    expect((await call('GET', `${resource}/changeupdatetime/1`, undefined, { token: user })).status).toBe(405);
    expect((await call('POST', `${resource}/getupdatetime/1`, undefined, { token: user })).status).toBe(405);
  });
});

describe('webdiscipline/getupdatetime', () => {
  const read = (language: 'tw' | 'en' = 'tw', token?: string) =>
    call('GET', 'webdiscipline/getupdatetime', undefined, { language, token });

  async function addRule(title: string, language: 'tw' | 'en', extra: Record<string, unknown> = {}) {
    const type = await addRow('webdisciplinetype', { name: `type ${title}` }, { token: admin, language });
    return addRow('webdiscipline', { typeId: type.id, title, ...extra }, { token: admin, language });
  }

  test('no rules, no date', async () => {
    expect(await read()).toMatchObject({ status: 200, body: { date: null } });
  });

  test("the latest change among the language's public rules, for every caller", async () => {
    const a = await addRule('a', 'tw');
    const b = await addRule('b', 'tw');
    const hidden = await addRule('hidden', 'tw', { isVisible: false });
    const english = await addRule('english', 'en');
    await setUpdatedAt('webdiscipline', a.id, '2024-03-01T02:00:00Z');
    await setUpdatedAt('webdiscipline', b.id, '2024-05-01T04:30:15Z');
    // A hidden rule and the other language's rule are newer, but not on this public page.
    await setUpdatedAt('webdiscipline', hidden.id, '2025-01-01T00:00:00Z');
    await setUpdatedAt('webdiscipline', english.id, '2026-02-03T16:00:00Z');
    for (const token of [undefined, admin]) {
      expect((await read('tw', token)).body).toEqual({ date: '2024-05-01T12:30:15' });
      expect((await read('en', token)).body).toEqual({ date: '2026-02-04T00:00:00' });
    }
  });

  test('editing a rule moves the date to now', async () => {
    const a = await addRule('a', 'tw');
    await setUpdatedAt('webdiscipline', a.id, '2024-03-01T02:00:00Z');
    const before = new Date();
    expect((await call('PUT', 'webdiscipline/update', { id: a.id, title: 'a2' }, { token: user })).status).toBe(200);
    expectNow((await read()).body.date, before);
  });

  test('a stale token is a 401, a path with an id a 404', async () => {
    expect((await read('tw', 'no-such-token')).status).toBe(401);
    expect((await call('GET', 'webdiscipline/getupdatetime/1')).status).toBe(404);
  });
});

describe('webeducation/getupdatetime/{id}', () => {
  const read = (category: number | string, language: 'tw' | 'en' = 'tw', token?: string) =>
    call('GET', `webeducation/getupdatetime/${category}`, undefined, { language, token });
  const add = (category: number, title: string, language: 'tw' | 'en' = 'tw', extra: Record<string, unknown> = {}) =>
    addRow('webeducation', { category, title, ...extra }, { token: admin, language });

  test('each category has its own latest change among its public rows', async () => {
    const one = await add(1, 'one');
    const oneHidden = await add(1, 'hidden', 'tw', { isVisible: false });
    const two = await add(2, 'two');
    const english = await add(1, 'english', 'en');
    await setUpdatedAt('webeducation', one.id, '2023-06-30T16:00:00Z');
    await setUpdatedAt('webeducation', oneHidden.id, '2025-01-01T00:00:00Z');
    await setUpdatedAt('webeducation', two.id, '2024-12-31T15:59:59Z');
    await setUpdatedAt('webeducation', english.id, '2022-01-01T00:00:00Z');
    for (const token of [undefined, admin]) {
      expect(await read(1, 'tw', token)).toMatchObject({ status: 200, body: { date: '2023-07-01T00:00:00' } });
      expect((await read(2, 'tw', token)).body).toEqual({ date: '2024-12-31T23:59:59' });
      expect((await read(3, 'tw', token)).body).toEqual({ date: null });
      expect((await read(1, 'en', token)).body).toEqual({ date: '2022-01-01T08:00:00' });
      expect((await read(2, 'en', token)).body).toEqual({ date: null });
    }
  });

  test.each(['0', '5', 'x', '-2', '99999999999'])('category %p is a 400', async (category) => {
    const tw = await read(category);
    expect(tw.status).toBe(400);
    expect(tw.body.message).toBe(message('tw', 'unknownSection', { field: '分類', value: category }));
    const en = await read(category, 'en');
    expect(en.body.message).toBe(message('en', 'unknownSection', { field: 'Category', value: category }));
  });

  test('without a category the path is unknown (404)', async () => {
    expect((await call('GET', 'webeducation/getupdatetime')).status).toBe(404);
  });
});

test('the stamp calls exist exactly for the resources whose definition says sectionStamp', async () => {
  const { buildRoutes } = await import('../lib/api/routes');
  const { allResources } = await import('../lib/content/model/registry');
  const stamped = new Set(
    buildRoutes()
      .filter((route) => route.path.endsWith('/changeupdatetime/:section'))
      .map((route) => route.resource?.name),
  );
  const declared = allResources()
    .filter((definition) => definition.sectionStamp)
    .map((definition) => definition.name);
  expect([...stamped].sort()).toEqual([...declared].sort());
  expect(declared.sort()).toEqual(['webcommittee', 'websupervisor']);
  expect((await call('POST', 'webnews/changeupdatetime/1', {}, { token: admin })).status).toBe(404);
});
