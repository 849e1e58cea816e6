jest.mock('ky', () => jest.requireActual('./support/ky-commonjs').loadKy());

import { ensureAdmin } from '../../lib/content/auth/accounts';
import { dispatch } from '../../lib/api/dispatch';
import { createAuth } from '../../lib/client/auth';
import { ApiRequestError } from '../../lib/client/http';
import { resourceApi } from '../../lib/client/resources';
import { getDb } from '../../lib/db';
import { PEER_ADDRESS_HEADER } from '../../lib/http/client-address';
import { withDatabase } from '../helpers/database';
import { fakeBrowser, ORIGIN } from './support/fake-browser';

withDatabase();

const XSRF = 'client-xsrf-value';
const PASSWORD = 'correct horse battery staple';

/**
 * The real client against the real dispatcher: a fetch stand-in hands each request to `dispatch`
 * with the cookie a browser would send, and records what went over the wire.
 */
function browserOnServer() {
  const wire: string[] = [];
  const fetch = async (request: Request) => {
    wire.push(`${request.method} ${new URL(request.url).pathname}`);
    const headers = new Headers(request.headers);
    headers.set('cookie', `XSRF-TOKEN=${XSRF}`);
    headers.set(PEER_ADDRESS_HEADER, '10.20.0.1');
    const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.arrayBuffer();
    return dispatch(new Request(request.url, { method: request.method, headers, body }));
  };
  const page = fakeBrowser(fetch);
  page.cookie = `XSRF-TOKEN=${XSRF}`;
  return { page, wire, auth: createAuth(page.http) };
}

async function signedInPage() {
  const username = `client${Math.random().toString(36).slice(2, 8)}`;
  await ensureAdmin(await getDb(), username, PASSWORD);
  const browser = browserOnServer();
  await expect(browser.auth.login(username, PASSWORD)).resolves.toEqual({ success: true, locked: false });
  browser.wire.length = 0;
  return { ...browser, username };
}

test(`${ORIGIN}: sign-in, check and sign-out through the real API`, async () => {
  const { page, auth, username } = await signedInPage();
  expect(page.storage.getItem('Authorization')).toMatch(/.{20,}/);
  await expect(auth.checkLogin()).resolves.toEqual({ valid: true, role: 1, username, displayName: expect.any(String) });
  await auth.logout();
  expect(page.storage.getItem('Authorization')).toBeNull();
  await expect(auth.checkLogin()).resolves.toBe(false);
  const wrong = await auth.login(username, 'wrong password');
  expect(wrong).toMatchObject({ success: false, locked: false, message: expect.any(String) });
});

test('concurrent calls go as one batch the server runs in order, and each caller gets its own row', async () => {
  const { page, wire } = await signedInPage();
  const types = resourceApi('webbulletintype', page.http);
  const news = resourceApi('webnews', page.http);
  const publishAt = new Date(2030, 0, 2, 3, 4, 5);
  const [first, second, created, list] = await Promise.all([
    types.add({ name: '第一類' }),
    types.add({ name: '第二類' }),
    news.add({ title: '批次新聞', publishAt, isPinned: false }),
    types.getList({ page: 1, pageSize: 50 }),
  ]);
  expect(wire).toEqual(['POST /api/batch']);
  expect(first).toMatchObject({ name: '第一類', lang: 'tw' });
  expect(second).toMatchObject({ name: '第二類' });
  expect(created).toMatchObject({ title: '批次新聞', publishAt: '2030-01-02T03:04:05' });
  // The parts ran in order: the list already holds both new types.
  expect(list.data.map((row) => row.name)).toEqual(expect.arrayContaining(['第一類', '第二類']));

  wire.length = 0;
  const [moved, select] = await Promise.all([types.changeOrder(second.id as number, 1), types.selectList()]);
  expect(wire).toEqual(['POST /api/batch']);
  expect(moved[0]).toMatchObject({ id: second.id, order: 1 });
  expect(select.map((row) => row.id).slice(0, 2)).toEqual([second.id, first.id]);

  wire.length = 0;
  await expect(types.remove(first.id as number)).resolves.toEqual({ id: first.id });
  expect(page.confirms).toEqual(['確定刪除?']);
  expect(wire).toEqual(['DELETE /api/webbulletintype/delete/' + first.id]);
});

test('failing parts fail alone: 404 to its caller, 400 alerted with the server message', async () => {
  const { page, wire } = await signedInPage();
  const types = resourceApi('webbulletintype', page.http);
  const [missing, invalid, fine] = await Promise.allSettled([
    types.get(999999),
    types.add({ name: '' }),
    types.getList({ page: 1, pageSize: 5 }),
  ]);
  expect(wire).toEqual(['POST /api/batch']);
  expect((missing as PromiseRejectedResult).reason).toBeInstanceOf(ApiRequestError);
  expect((missing as PromiseRejectedResult).reason.status).toBe(404);
  expect((invalid as PromiseRejectedResult).reason.status).toBe(400);
  const message = (invalid as PromiseRejectedResult).reason.body.message;
  expect(typeof message).toBe('string');
  expect(page.alerts).toEqual([message]);
  expect(fine.status).toBe('fulfilled');
  expect(page.reloads).toBe(0);
});

test('a write with a stale token: 401 → 請重新登入 and reload, batched or not', async () => {
  const { page } = browserOnServer();
  page.storage.setItem('Authorization', 'no-such-token');
  const types = resourceApi('webbulletintype', page.http);
  await expect(types.add({ name: 'x' })).rejects.toMatchObject({ status: 401 });
  expect(page.alerts).toEqual(['請重新登入']);
  expect(page.reloads).toBe(1);

  const again = browserOnServer();
  again.page.storage.setItem('Authorization', 'no-such-token');
  const both = await Promise.allSettled([
    resourceApi('webnews', again.page.http).add({ title: 'x' }),
    resourceApi('webnews', again.page.http).add({ title: 'y' }),
  ]);
  expect(again.wire).toEqual(['POST /api/batch']);
  expect(both.map((r) => (r as PromiseRejectedResult).reason.status)).toEqual([401, 401]);
  expect(again.page.alerts).toEqual(['請重新登入']);
  expect(again.page.reloads).toBe(1);
});
