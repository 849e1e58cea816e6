jest.mock('ky', () => jest.requireActual('./support/ky-commonjs').loadKy());

import { MAX_PAGE_SIZE } from '../../lib/content/model/list-request';
import { resourceApi, renameUpload, SELECT_PAGE_SIZE, uploadFile, webSettingsApi } from '../../lib/client/resources';
import { echo, fakeBrowser, fakeServer, ORIGIN, type Handler } from './support/fake-browser';

function setUp(handler: Handler = echo, language: 'tw' | 'en' = 'tw') {
  const server = fakeServer(handler);
  // One call at a time here, so every request is seen as itself.
  const page = fakeBrowser(server.fetch, { language, batch: false });
  const calls = () => server.requests.map((r) => `${r.method} ${r.url.slice(ORIGIN.length)}`);
  return { server, page, calls };
}

describe('delete', () => {
  test('asks 確定刪除? first; declined → no request and the caller gets 取消', async () => {
    const { page, calls } = setUp();
    page.confirmAnswer = false;
    await expect(resourceApi('webnews', page.http).remove(3)).resolves.toBe('取消');
    expect(page.confirms).toEqual(['確定刪除?']);
    expect(calls()).toEqual([]);
  });

  test('accepted → DELETE delete/{id}', async () => {
    const { page, calls } = setUp();
    await resourceApi('webnews', page.http).remove(3);
    expect(calls()).toEqual(['DELETE /api/webnews/delete/3']);
  });

  test('the English back office asks in English and still resolves 取消', async () => {
    const { page } = setUp(echo, 'en');
    page.confirmAnswer = false;
    await expect(resourceApi('webnews', page.http).remove(3)).resolves.toBe('取消');
    expect(page.confirms).toEqual(['Delete this item?']);
  });
});

describe('select lists', () => {
  const rows: Handler = (request) =>
    Response.json({ data: [{ id: 1 }, { id: 2 }], total: 2, page: 1, pageSize: 9999, got: request.body });

  test('page 1, page size 9999, by order ascending, the data field', async () => {
    expect(SELECT_PAGE_SIZE).toBe(MAX_PAGE_SIZE);
    const { server, page, calls } = setUp(rows);
    await expect(resourceApi('webbulletintype', page.http).selectList()).resolves.toEqual([{ id: 1 }, { id: 2 }]);
    expect(calls()).toEqual(['POST /api/webbulletintype/getlist']);
    expect(JSON.parse(server.requests[0].body)).toEqual({ page: 1, pageSize: 9999, sort: 'order', direction: 'asc' });
  });

  test('a resource without order keeps its own sort; path ids go in the getlist path', async () => {
    const { server, page, calls } = setUp(rows);
    await resourceApi('webnews', page.http).selectList();
    await resourceApi('websystem', page.http).selectList([2, 5]);
    expect(JSON.parse(server.requests[0].body)).toEqual({ page: 1, pageSize: 9999 });
    expect(calls()).toEqual(['POST /api/webnews/getlist', 'POST /api/websystem/getlist/2/5']);
  });
});

describe('URL forms (lib/api/routes.ts)', () => {
  test('generic resources', async () => {
    const { page, calls } = setUp();
    const news = resourceApi('webnews', page.http);
    await news.getList({ page: 1, pageSize: 10, sort: 'title', direction: 'desc', keyword: '信託' });
    await news.get(4);
    await news.add({ title: 'x' });
    await news.update({ id: 4, title: 'y' });
    await resourceApi('webbulletintype', page.http).changeOrder(4, 1);
    await resourceApi('webrule', page.http).getList({ page: 1, pageSize: 10 }, [], { attributeId: 3 });
    expect(calls()).toEqual([
      'POST /api/webnews/getlist',
      'GET /api/webnews/get/4',
      'POST /api/webnews/add',
      'PUT /api/webnews/update',
      'PUT /api/webbulletintype/changeorder/4/1',
      'POST /api/webrule/getlist?attributeId=3',
    ]);
  });

  test('sectionInPath resources carry the section in every path (Q&A /0, the page editor)', async () => {
    const { page, calls } = setUp();
    const qa = resourceApi('webqa', page.http);
    await qa.getList({ page: 1, pageSize: 10 }, [0]);
    await qa.get(5, [0]);
    await qa.add({ question: 'q' }, [0]);
    const editor = resourceApi('webeditor', page.http);
    await editor.update({ id: 7 }, ['about']);
    await editor.remove(7, ['about']);
    await editor.changeOrder(7, 2, ['about']);
    await editor.get(7); // the form without the section keeps working
    expect(calls()).toEqual([
      'POST /api/webqa/getlist/0',
      'GET /api/webqa/get/0/5',
      'POST /api/webqa/add/0',
      'PUT /api/webeditor/update/about',
      'DELETE /api/webeditor/delete/about/7',
      'PUT /api/webeditor/changeorder/about/7/2',
      'GET /api/webeditor/get/7',
    ]);
  });

  test('resources whose parents only filter lists keep the short forms elsewhere', async () => {
    const { page, calls } = setUp();
    const bulletins = resourceApi('webbulletin', page.http);
    await bulletins.getList({ page: 1, pageSize: 10 }, [2]);
    await bulletins.get(9, [2]);
    expect(calls()).toEqual(['POST /api/webbulletin/getlist/2', 'GET /api/webbulletin/get/9']);
  });

  test('special calls, uploads, web settings', async () => {
    const { server, page, calls } = setUp();
    await resourceApi('webrule', page.http).call('POST', 'search', { page: 1 }, { keyword: '信託' });
    await resourceApi('webstatics', page.http).call('GET', '/getoptions/2');
    await uploadFile(new Blob(['hello'], { type: 'text/plain' }), 'hello.txt', page.http);
    await renameUpload('abc', 'new.txt', page.http);
    const settings = webSettingsApi(page.http);
    await settings.get();
    await settings.save({ siteName: 'x' });
    expect(calls()).toEqual([
      'POST /api/webrule/search?keyword=%E4%BF%A1%E8%A8%97',
      'GET /api/webstatics/getoptions/2',
      'POST /api/upload',
      'PUT /api/upload/abc',
      'GET /api/websetting/webinfo',
      'POST /api/websetting/webinfo',
    ]);
    expect(server.requests[2].headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(server.requests[2].body).toContain('filename="hello.txt"');
    expect(JSON.parse(server.requests[3].body)).toEqual({ fileName: 'new.txt' });
  });

  test('the three counters, batched together', async () => {
    const server = fakeServer((request) => Response.json({ count: request.url.length, date: null }));
    const page = fakeBrowser(server.fetch);
    const counters = await webSettingsApi(page.http).counters();
    expect(Object.keys(counters)).toEqual(['visit', 'old', 'accessible']);
    expect(server.requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/batch']);
    expect(server.parts[0].map((p) => new URL(p.url).pathname)).toEqual([
      '/api/websetting/visitcount',
      '/api/websetting/oldvisitcount',
      '/api/websetting/accessiblevisitcount',
    ]);
  });
});

describe('edit locks', () => {
  test('lock, take over and unlock call lock/{id}', async () => {
    const { server, page, calls } = setUp();
    const api = resourceApi('webnews', page.http);
    await api.lock(5);
    await api.lock(5, true);
    await api.unlock(5);
    expect(calls()).toEqual(['POST /api/webnews/lock/5', 'POST /api/webnews/lock/5', 'DELETE /api/webnews/lock/5']);
    expect(server.requests.slice(0, 2).map((r) => JSON.parse(r.body))).toEqual([{}, { takeover: true }]);
  });

  test('the release on leaving is one keepalive request of its own, never batched, with token, language and XSRF', async () => {
    const sent: Request[] = [];
    const server = fakeServer();
    const page = fakeBrowser(
      (request) => {
        sent.push(request);
        return server.fetch(request);
      },
      { language: 'en', batch: true },
    );
    page.http.tokens.set('the-token');
    const api = resourceApi('webnews', page.http);
    const pending = api.get(1);
    api.unlockOnLeave(5);
    await pending;
    const release = sent.find((request) => request.method === 'DELETE')!;
    expect(release.url).toBe(`${ORIGIN}/api/webnews/lock/5`);
    expect(release.keepalive).toBe(true);
    expect(release.headers.get('authorization')).toBe('Bearer the-token');
    expect(release.headers.get('web-language')).toBe('en');
    expect(release.headers.get('x-xsrf-token')).toBe('xsrf+value');
  });
});
