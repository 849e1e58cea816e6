/**
 * Translations out of date (docs/back-office.md, Translations): a save that changes a row's content
 * marks its counterpart `translationStale` until the counterpart is saved; `getlist` filters by it;
 * visitors never see it.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent, message } from './helpers/content';

withDatabase();

let token: string;
beforeAll(async () => {
  token = (await signedIn(1)).token;
});
beforeEach(clearContent);

const read = async (id: number, language: 'tw' | 'en') =>
  (await call('GET', `webnews/get/${id}`, undefined, { token, language })).body;

async function pair() {
  const tw = await addRow('webnews', { title: '中文版', content: '<p>原文</p>' }, { token, language: 'tw' });
  const en = await addRow('webnews', { title: 'English', translationId: tw.id }, { token, language: 'en' });
  return { tw, en };
}

test('a new pair is up to date on both sides', async () => {
  const { tw, en } = await pair();
  expect((await read(tw.id, 'tw')).translationStale).toBe(false);
  expect((await read(en.id, 'en')).translationStale).toBe(false);
});

test('changing content marks the counterpart, without a new version or last save; saving it clears the mark', async () => {
  const { tw, en } = await pair();
  const before = await read(en.id, 'en');
  const saved = await call('PUT', 'webnews/update', { id: tw.id, content: '<p>改寫</p>' }, { token, language: 'tw' });
  expect(saved.status).toBe(200);
  expect(saved.body.translationStale).toBe(false);
  const marked = await read(en.id, 'en');
  expect(marked.translationStale).toBe(true);
  expect(marked.version).toBe(before.version);
  expect(marked.updatedAt).toBe(before.updatedAt);

  const stale = await call('POST', 'webnews/getlist', { stale: true }, { token, language: 'en' });
  expect(stale.body.data.map((row: { id: number }) => row.id)).toEqual([en.id]);
  expect((await call('POST', 'webnews/getlist', { stale: true }, { token, language: 'tw' })).body.total).toBe(0);

  // Saving the English row (reviewed, even unchanged) clears its mark and, unchanged, marks nothing back.
  await call('PUT', 'webnews/update', { id: en.id, title: 'English' }, { token, language: 'en' });
  expect((await read(en.id, 'en')).translationStale).toBe(false);
  expect((await read(tw.id, 'tw')).translationStale).toBe(false);
});

test('a save that changes only publication or visibility leaves the counterpart as it is', async () => {
  const { tw, en } = await pair();
  await call('PUT', 'webnews/update', { id: tw.id, isVisible: false, publishAt: '2024-01-01T00:00:00' }, { token });
  expect((await read(en.id, 'en')).translationStale).toBe(false);
});

test('visitors never see the mark', async () => {
  const { tw } = await pair();
  await call('PUT', 'webnews/update', { id: tw.id, title: '新標題' }, { token, language: 'tw' });
  const en = await call('POST', 'webnews/getlist', {}, { language: 'en' });
  expect(en.body.data[0]).not.toHaveProperty('translationStale');
});

test.each([['yes'], [1], ['true']])('stale %p is refused in the request language', async (value) => {
  const result = await call('POST', 'webnews/getlist', { stale: value }, { token, language: 'en' });
  expect(result.status).toBe(400);
  expect(result.body.message).toBe(message('en', 'invalidStale', { value: String(value) }));
});

test('a resource without counterparts has no stale filter', async () => {
  const result = await call('POST', 'webbilingual/getlist', { stale: true }, { token });
  expect(result.status).toBe(400);
});
