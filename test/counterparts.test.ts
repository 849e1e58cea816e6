/**
 * Translation links are mutual: setting `translationId` on one row points its counterpart back,
 * and whatever either row was paired with before lets go.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent } from './helpers/content';

withDatabase();

let token: string;
beforeAll(async () => {
  token = (await signedIn(1)).token;
});
beforeEach(clearContent);

const translationOf = async (id: number, language: 'tw' | 'en') =>
  (await call('GET', `webnews/get/${id}`, undefined, { token, language })).body.translationId;

test('linking from one side links the other back', async () => {
  const tw = await addRow('webnews', { title: '中文版' }, { token, language: 'tw' });
  const en = await addRow('webnews', { title: 'English', translationId: tw.id }, { token, language: 'en' });
  expect(await translationOf(tw.id, 'tw')).toBe(en.id);

  const other = await addRow('webnews', { title: '另一則' }, { token, language: 'tw' });
  const moved = await call('PUT', 'webnews/update', { id: en.id, translationId: other.id }, { token, language: 'en' });
  expect(moved.status).toBe(200);
  expect(await translationOf(other.id, 'tw')).toBe(en.id);
  // The old counterpart no longer points at a row that points elsewhere.
  expect(await translationOf(tw.id, 'tw')).toBeNull();
});

test("a row that takes another pair's counterpart breaks that pair on both sides", async () => {
  const tw = await addRow('webnews', { title: '中文版' }, { token, language: 'tw' });
  const en = await addRow('webnews', { title: 'English', translationId: tw.id }, { token, language: 'en' });
  const en2 = await addRow('webnews', { title: 'English again' }, { token, language: 'en' });
  await call('PUT', 'webnews/update', { id: tw.id, translationId: en2.id }, { token, language: 'tw' });
  expect(await translationOf(en2.id, 'en')).toBe(tw.id);
  expect(await translationOf(en.id, 'en')).toBeNull();
});

test('clearing the link clears it on the counterpart too; other updates leave it alone', async () => {
  const tw = await addRow('webnews', { title: '中文版' }, { token, language: 'tw' });
  const en = await addRow('webnews', { title: 'English', translationId: tw.id }, { token, language: 'en' });
  await call('PUT', 'webnews/update', { id: en.id, title: 'English, edited' }, { token, language: 'en' });
  expect(await translationOf(tw.id, 'tw')).toBe(en.id);
  const cleared = await call('PUT', 'webnews/update', { id: tw.id, translationId: null }, { token, language: 'tw' });
  expect(cleared.status).toBe(200);
  expect(await translationOf(en.id, 'en')).toBeNull();
});

test('the public language switch follows a link made from the other side at once', async () => {
  const tw = await addRow('webnews', { title: '中文版', isVisible: true }, { token, language: 'tw' });
  await call('GET', `webnews/get/${tw.id}`, undefined, { language: 'tw' });
  const en = await addRow(
    'webnews',
    { title: 'English', isVisible: true, translationId: tw.id },
    { token, language: 'en' },
  );
  const anonymous = await call('GET', `webnews/get/${tw.id}`, undefined, { language: 'tw' });
  expect(anonymous.body.translationId).toBe(en.id);
});
