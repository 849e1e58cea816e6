/**
 * Draft previews: a link made for one row lets its bearer read that row, and only that row, on the
 * public site for an hour, without anything it reads being cached for visitors.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent, fromNow, taipei } from './helpers/content';
import { withPreview } from '../lib/cache/preview-scope';
import { visitor } from '../lib/content/model/actor';
import { findPreviewGrant, PREVIEW_TOKEN_MS } from '../lib/content/auth/preview';
import * as content from '../lib/content/operations/resource';
import { findResource } from '../lib/content/model/registry';
import { previewDestination } from '../lib/public/preview';

withDatabase();

let token: string;
beforeAll(async () => {
  token = (await signedIn(0)).token;
});
beforeEach(clearContent);

const news = findResource('webnews')!;
const tokenOf = (url: string) => new URL(url, 'http://site').searchParams.get('token')!;

test('previewtoken answers a link to the preview of the row, valid for an hour', async () => {
  const row = await addRow(
    'webnews',
    { title: '排程新聞', isVisible: true, publishAt: taipei(fromNow(24)) },
    { token },
  );
  const before = Date.now();
  const answer = await call('POST', `webnews/previewtoken/${row.id}`, undefined, { token });
  expect(answer.status).toBe(200);
  expect(answer.body.url).toMatch(/^\/tw\/preview\?token=[\w-]{40,}$/);
  const grant = await findPreviewGrant(tokenOf(answer.body.url));
  expect(grant).toMatchObject({ resource: 'webnews', rowId: row.id, language: 'tw' });
  expect(grant!.secondsLeft).toBeGreaterThan(3590);
  expect(await findPreviewGrant(tokenOf(answer.body.url), new Date(before + PREVIEW_TOKEN_MS + 1000))).toBeUndefined();
  expect(await previewDestination(tokenOf(answer.body.url))).toEqual({
    location: `/tw/news/${row.id}`,
    seconds: expect.any(Number),
  });
  expect(await previewDestination('not-a-token-at-all-not-a-token')).toBeNull();
  expect(await previewDestination('')).toBeNull();
});

test('an unknown row is a 404, visitors are refused, and a deleted row has no preview any more', async () => {
  expect((await call('POST', 'webnews/previewtoken/999999', undefined, { token })).status).toBe(404);
  expect((await call('POST', 'webnews/previewtoken/abc', undefined, { token })).status).toBe(400);
  const row = await addRow('webnews', { title: 'hidden', isVisible: false }, { token });
  expect((await call('POST', `webnews/previewtoken/${row.id}`, undefined, {})).status).toBe(401);
  const answer = await call('POST', `webnews/previewtoken/${row.id}`, undefined, { token, language: 'tw' });
  await call('DELETE', `webnews/delete/${row.id}`, undefined, { token });
  expect(await previewDestination(tokenOf(answer.body.url))).toBeNull();
});

test('inside a preview, public reads see that row and no other hidden one, and nothing is cached', async () => {
  const previewed = await addRow('webnews', { title: 'previewed', isVisible: false }, { token });
  const other = await addRow('webnews', { title: 'other', isVisible: false }, { token });
  await addRow('webnews', { title: 'live', isVisible: true }, { token });
  const reader = visitor('tw');
  const titles = async () => (await content.list(reader, news)).rows.map((row) => row.title).sort();
  expect(await titles()).toEqual(['live']);
  const grant = { resource: 'webnews', rowId: Number(previewed.id), language: 'tw' as const };
  await withPreview(grant, async () => {
    expect(await titles()).toEqual(['live', 'previewed']);
    expect((await content.get(reader, news, previewed.id)).title).toBe('previewed');
    await expect(content.get(reader, news, other.id)).rejects.toMatchObject({ kind: 'notFound' });
  });
  // What the preview read was not kept for visitors.
  expect(await titles()).toEqual(['live']);
  await expect(content.get(reader, news, previewed.id)).rejects.toMatchObject({ kind: 'notFound' });
  // A grant in the other language shows nothing more.
  await withPreview({ ...grant, language: 'en' }, async () => expect(await titles()).toEqual(['live']));
});
