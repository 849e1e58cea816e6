/**
 * `POST webvision/post/{id}`: one click per call, counted atomically, on a video the
 * caller may see (anonymous visitors: visible rows of their language). A public call, but a
 * non-GET one, so the XSRF pair is still required.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, message } from './helpers/content';
import { getDb } from '../lib/db';
import { webvision } from '../lib/db/schema';

withDatabase();

let admin: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
});

beforeEach(async () => {
  await (await getDb()).delete(webvision);
});

const addVideo = (title: string, language: 'tw' | 'en' = 'tw', extra: Record<string, unknown> = {}) =>
  addRow(
    'webvision',
    { category: 1, title, videoUrl: 'https://www.youtube.com/watch?v=abc', ...extra },
    { token: admin, language },
  );

const click = (id: number | string, options: { token?: string; language?: 'tw' | 'en'; xsrf?: false } = {}) =>
  call('POST', `webvision/post/${id}`, undefined, options);

const clicksOf = async (id: number, language: 'tw' | 'en' = 'tw') =>
  (await call('GET', `webvision/get/${id}`, undefined, { token: admin, language })).body.clicks;

test('an anonymous visitor adds one click per call and gets the new count', async () => {
  const video = await addVideo('影片');
  expect(video.clicks).toBe(0);
  expect(await click(video.id)).toMatchObject({ status: 200, body: { id: video.id, clicks: 1 } });
  expect((await click(video.id)).body).toEqual({ id: video.id, clicks: 2 });
  expect(await clicksOf(video.id)).toBe(2);
  const list = await call('POST', 'webvision/getlist/1', {});
  expect(list.body.data.map((row: any) => row.clicks)).toEqual([2]);
});

test('a click does not count as a change to the video', async () => {
  const video = await addVideo('影片');
  await click(video.id);
  const after = (await call('GET', `webvision/get/${video.id}`, undefined, { token: admin })).body;
  expect(after.updatedAt).toBe(video.updatedAt);
});

test('200 parallel clicks add exactly 200, each answer a different count', async () => {
  const video = await addVideo('熱門影片');
  await click(video.id);
  const results = await Promise.all(Array.from({ length: 200 }, () => click(video.id)));
  expect(results.every((r) => r.status === 200)).toBe(true);
  const counts = results.map((r) => r.body.clicks).sort((a, b) => a - b);
  expect(counts).toEqual(Array.from({ length: 200 }, (_, i) => i + 2));
  expect(await clicksOf(video.id)).toBe(201);
});

test('a hidden video is a 404 for visitors but counts for the back office', async () => {
  const video = await addVideo('草稿', 'tw', { isVisible: false });
  const anonymous = await click(video.id);
  expect(anonymous.status).toBe(404);
  expect(anonymous.body.message).toBe(message('tw', 'notFound'));
  expect(await click(video.id, { token: admin })).toMatchObject({ status: 200, body: { clicks: 1 } });
  expect(await clicksOf(video.id)).toBe(1);
});

test('a video of the other language is a 404 for everyone and keeps its count', async () => {
  const english = await addVideo('Video', 'en');
  for (const token of [undefined, admin]) expect((await click(english.id, { token, language: 'tw' })).status).toBe(404);
  expect((await click(english.id, { language: 'en' })).body.clicks).toBe(1);
  expect(await clicksOf(english.id, 'en')).toBe(1);
});

test('unknown ids are a 404, malformed ones a 400', async () => {
  await addVideo('影片');
  expect((await click(999999)).status).toBe(404);
  for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
    const result = await click(id, { language: 'en' });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('en', 'invalidId', { value: id }));
  }
});

test('the XSRF pair is required, a stale token is a 401, GET is a 405; none of them counts', async () => {
  const video = await addVideo('影片');
  expect((await click(video.id, { xsrf: false })).status).toBe(403);
  expect((await click(video.id, { token: 'no-such-token' })).status).toBe(401);
  expect((await call('GET', `webvision/post/${video.id}`)).status).toBe(405);
  expect(await clicksOf(video.id)).toBe(0);
});

test('clients cannot write the count through update', async () => {
  const video = await addVideo('影片');
  await click(video.id);
  const updated = await call(
    'PUT',
    'webvision/update',
    { id: video.id, title: '新標題', clicks: 999 },
    { token: admin },
  );
  expect(updated.status).toBe(200);
  expect(updated.body.clicks).toBe(1);
});
