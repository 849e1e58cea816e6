/**
 * `DELETE webactivity/deletetype/{id}` (a second path for the same call) deletes an activity type exactly as
 * `DELETE webactivitytype/delete/{id}` does: content writers only, in the request's language, never
 * a type still used by activities, and the remaining types renumbered.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, message } from './helpers/content';
import { getDb } from '../lib/db';
import { webactivity, webactivitytype } from '../lib/db/schema';

withDatabase();

let admin: string;
let user: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
  user = (await signedIn(0)).token;
});

beforeEach(async () => {
  const db = await getDb();
  await db.delete(webactivity);
  await db.delete(webactivitytype);
});

type Language = 'tw' | 'en';

const addType = (name: string, language: Language = 'tw') =>
  addRow('webactivitytype', { name }, { token: admin, language });
const deleteType = (id: number | string, options: { token?: string | null; language?: Language; xsrf?: false } = {}) =>
  call('DELETE', `webactivity/deletetype/${id}`, undefined, { token: user, ...options });
const typeStatus = async (id: number, language: Language = 'tw') =>
  (await call('GET', `webactivitytype/get/${id}`, undefined, { token: admin, language })).status;

test('a User account deletes a type; the rest are renumbered', async () => {
  const a = await addType('講座');
  const b = await addType('研討會');
  const c = await addType('說明會');
  expect(await deleteType(a.id)).toMatchObject({ status: 200, body: { id: a.id } });
  expect(await typeStatus(a.id)).toBe(404);
  const list = await call('POST', 'webactivitytype/getlist', { pageSize: 9999 });
  expect(list.body.data.map((row: any) => [row.id, row.order])).toEqual([
    [b.id, 1],
    [c.id, 2],
  ]);
});

test('a type still used by an activity is kept, with the same message as webactivitytype/delete', async () => {
  for (const language of ['tw', 'en'] as const) {
    const type = await addType(`type ${language}`, language);
    await addRow(
      'webactivity',
      { typeId: type.id, title: 'event', startAt: '2026-03-01T09:00:00' },
      { token: admin, language },
    );
    const viaActivity = await deleteType(type.id, { language });
    const viaType = await call('DELETE', `webactivitytype/delete/${type.id}`, undefined, { token: user, language });
    expect(viaActivity.status).toBe(400);
    expect(viaActivity.body).toEqual(viaType.body);
    const resource = language === 'tw' ? '活動' : 'Activities';
    expect(viaActivity.body.message).toBe(message(language, 'inUse', { count: 1, resource }));
    expect(await typeStatus(type.id, language)).toBe(200);
  }
});

test('anonymous and stale-token calls are a 401, a missing XSRF pair a 403; nothing is deleted', async () => {
  const type = await addType('講座');
  const anonymous = await deleteType(type.id, { token: null });
  expect(anonymous.status).toBe(401);
  expect(anonymous.body.message).toBe(message('tw', 'unauthorized'));
  expect((await deleteType(type.id, { token: 'no-such-token' })).status).toBe(401);
  expect((await deleteType(type.id, { xsrf: false })).status).toBe(403);
  expect(await typeStatus(type.id)).toBe(200);
});

test('a type of the other language or an unknown id is a 404; a malformed id a 400', async () => {
  const english = await addType('Seminar', 'en');
  expect((await deleteType(english.id, { language: 'tw' })).status).toBe(404);
  expect(await typeStatus(english.id, 'en')).toBe(200);
  expect((await deleteType(999999)).status).toBe(404);
  for (const id of ['abc', '0', '-3', '99999999999']) {
    const result = await deleteType(id);
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'invalidId', { value: id }));
  }
  expect(await deleteType(english.id, { language: 'en' })).toMatchObject({ status: 200, body: { id: english.id } });
});

test('deletetype is a DELETE', async () => {
  const type = await addType('講座');
  expect((await call('POST', `webactivity/deletetype/${type.id}`, undefined, { token: user })).status).toBe(405);
  expect(await typeStatus(type.id)).toBe(200);
});
