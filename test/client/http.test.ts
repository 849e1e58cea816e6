jest.mock('ky', () => jest.requireActual('./support/ky-commonjs').loadKy());

import { MAX_BATCH_PARTS as SERVER_MAX_PARTS } from '../../lib/api/handlers/batch';
import { MAX_BATCH_PARTS } from '../../lib/client/batch';
import { ApiRequestError } from '../../lib/client/http';
import { echo, fakeBrowser, fakeServer, ORIGIN, type Handler } from './support/fake-browser';

const api = (path: string) => `${ORIGIN}/api/${path}`;

function setUp(handler?: Handler, settings = {}) {
  const server = fakeServer(handler);
  const page = fakeBrowser(server.fetch, settings);
  return { server, page, http: page.http };
}

/** The status a path asks for: `/api/status/401` answers 401, with `{message}` when `?message=`. */
const statusServer: Handler = (request) => {
  const url = new URL(request.url);
  const match = /\/api\/status\/(\d+)/.exec(url.pathname);
  if (!match) return echo(request);
  const message = url.searchParams.get('message');
  return Response.json(message ? { message } : { error: 'no message' }, { status: Number(match[1]) });
};

describe('headers', () => {
  test('JSON UTF-8 and Web-Language on every request; no Web-Role or Authorization unless set', async () => {
    const { server, http } = setUp();
    await http.get(api('webnews/get/1')).json();
    const headers = server.requests[0].headers;
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['web-language']).toBe('tw');
    expect(headers['web-role']).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
  });

  test('Web-Language follows the setting; Web-Role when a web identifier is set', async () => {
    const { server, http } = setUp(undefined, { language: 'en', webRole: 'accessible' });
    await http.post(api('webnews/getlist'), { json: { page: 1 } }).json();
    expect(server.requests[0].headers['web-language']).toBe('en');
    expect(server.requests[0].headers['web-role']).toBe('accessible');
  });

  test('Authorization: Bearer from localStorage["Authorization"] when a token is stored', async () => {
    const { server, page, http } = setUp();
    page.storage.setItem('Authorization', 'secret-token');
    await http.get(api('webnews/get/1')).json();
    expect(server.requests[0].headers.authorization).toBe('Bearer secret-token');
  });

  test('an upload keeps its multipart/form-data type', async () => {
    const { server, http } = setUp();
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'text/plain' }), 'a.txt');
    await http.post(api('upload'), { body: form }).json();
    expect(server.requests[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });
});

describe('host prefix', () => {
  test('without a host the URL is unchanged', async () => {
    const { server, http } = setUp();
    await http.get(http.url('/api/webnews/get/1')).json();
    expect(server.requests[0].url).toBe(`${ORIGIN}/api/webnews/get/1`);
  });

  test('with a host the URL is the prefix plus the URL without its first character', async () => {
    const { server, http } = setUp(undefined, { host: 'https://api.example.org/v2/' });
    await http.post(http.url('/api/webnews/getlist?x=1'), { json: { page: 1 } }).json();
    expect(server.requests[0].url).toBe('https://api.example.org/v2/api/webnews/getlist?x=1');
    expect(JSON.parse(server.requests[0].body)).toEqual({ page: 1 });
  });

  test('an absolute URL of another site is left alone', async () => {
    const { server, http } = setUp(undefined, { host: 'https://api.example.org/' });
    await http.get('https://elsewhere.example.com/data.json').json();
    expect(server.requests[0].url).toBe('https://elsewhere.example.com/data.json');
  });
});

describe('X-XSRF-TOKEN', () => {
  test.each(['POST', 'PUT', 'DELETE'])('%s to a relative URL sends the XSRF-TOKEN cookie, decoded', async (method) => {
    const { server, http } = setUp();
    await http(api('webnews/update'), { method }).json();
    expect(server.requests[0].headers['x-xsrf-token']).toBe('xsrf+value');
  });

  test.each(['GET', 'HEAD'])('not on %s', async (method) => {
    const { server, http } = setUp();
    await http(api('webnews/get/1'), { method });
    expect(server.requests[0].headers['x-xsrf-token']).toBeUndefined();
  });

  test('not on an absolute URL of another site, nor to a configured host elsewhere', async () => {
    const { server, http, page } = setUp();
    await http.post('https://elsewhere.example.com/api/x').json();
    page.settings.host = 'https://api.example.org/';
    await http.post(http.url('/api/webnews/add')).json();
    expect(server.requests.map((r) => r.headers['x-xsrf-token'])).toEqual([undefined, undefined]);
  });

  test('none without the cookie', async () => {
    const { server, http, page } = setUp();
    page.cookie = 'other=1';
    await http.post(api('webnews/add')).json();
    expect(server.requests[0].headers['x-xsrf-token']).toBeUndefined();
  });
});

describe('dates', () => {
  test('Dates anywhere in an object body, nested too, go as YYYY-MM-DDTHH:mm:ss; arrays are left alone', async () => {
    const { server, http } = setUp();
    const when = new Date(2024, 0, 2, 3, 4, 5);
    const body = { publishAt: when, inner: { deeper: { at: when }, n: 1 }, list: [when], text: 'x', none: null };
    await http.post(api('webnews/add'), { json: body }).json();
    expect(JSON.parse(server.requests[0].body)).toEqual({
      publishAt: '2024-01-02T03:04:05',
      inner: { deeper: { at: '2024-01-02T03:04:05' }, n: 1 },
      list: [when.toISOString()],
      text: 'x',
      none: null,
    });
    expect(body.publishAt).toBe(when); // the caller's object is not changed
  });

  test('an array body is sent as it is', async () => {
    const { server, http } = setUp();
    const when = new Date(2024, 5, 6, 7, 8, 9);
    await http.post(api('x/add'), { json: [{ at: when }] }).json();
    expect(JSON.parse(server.requests[0].body)).toEqual([{ at: when.toISOString() }]);
  });
});

describe('batching', () => {
  test('two or more concurrent calls go as one POST /api/batch and each caller gets its own answer', async () => {
    const { server, page, http } = setUp();
    page.storage.setItem('Authorization', 'tok');
    const [a, b, c] = await Promise.all([
      http.get(api('webnews/get/1')).json(),
      http.post(api('webnews/getlist'), { json: { page: 2 } }).json(),
      http.delete(api('webnews/delete/3')).json(),
    ]);
    expect(server.requests).toHaveLength(1);
    const outer = server.requests[0];
    expect(outer.method).toBe('POST');
    expect(outer.url).toBe(api('batch'));
    expect(outer.headers['content-type']).toMatch(/^multipart\/mixed; boundary=/);
    expect(outer.headers.authorization).toBe('Bearer tok');
    expect(outer.headers['web-language']).toBe('tw');
    expect(outer.headers['x-xsrf-token']).toBe('xsrf+value');
    expect(server.parts[0].map((p) => `${p.method} ${new URL(p.url).pathname}`)).toEqual([
      'GET /api/webnews/get/1',
      'POST /api/webnews/getlist',
      'DELETE /api/webnews/delete/3',
    ]);
    expect(server.parts[0][1].headers['content-type']).toBe('application/json; charset=utf-8');
    expect(server.parts[0][1].body).toBe('{"page":2}');
    expect(server.parts[0][1].headers.authorization).toBeUndefined(); // the outer request carries it once
    expect(a).toEqual({ method: 'GET', url: api('webnews/get/1'), body: '' });
    expect(b).toEqual({ method: 'POST', url: api('webnews/getlist'), body: '{"page":2}' });
    expect(c).toEqual({ method: 'DELETE', url: api('webnews/delete/3'), body: '' });
  });

  test('a lone call is sent alone', async () => {
    const { server, http } = setUp();
    await http.get(api('webnews/get/1')).json();
    expect(server.requests.map((r) => r.url)).toEqual([api('webnews/get/1')]);
  });

  test('calls one after the other are not grouped', async () => {
    const { server, http } = setUp();
    await http.get(api('webnews/get/1')).json();
    await http.get(api('webnews/get/2')).json();
    expect(server.requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/webnews/get/1', '/api/webnews/get/2']);
  });

  test('multipart requests are never grouped: uploads and multipart/mixed go alone', async () => {
    const { server, http } = setUp();
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await Promise.all([
      http.post(api('upload'), { body: form }).json(),
      http
        .post(api('webnews/add'), { body: '--b--\r\n', headers: { 'content-type': 'multipart/mixed; boundary=b' } })
        .json(),
      http.get(api('webnews/get/1')).json(),
      http.get(api('webnews/get/2')).json(),
    ]);
    const seen = server.requests.map((r) => new URL(r.url).pathname).sort();
    expect(seen).toEqual(['/api/batch', '/api/upload', '/api/webnews/add']);
    expect(server.parts[0].map((p) => new URL(p.url).pathname)).toEqual(['/api/webnews/get/1', '/api/webnews/get/2']);
  });

  test('batching can be turned off', async () => {
    const { server, http } = setUp(undefined, { batch: false });
    await Promise.all([http.get(api('webnews/get/1')).json(), http.get(api('webnews/get/2')).json()]);
    expect(server.requests.map((r) => new URL(r.url).pathname).sort()).toEqual([
      '/api/webnews/get/1',
      '/api/webnews/get/2',
    ]);
  });

  test(`groups larger than the server's ${SERVER_MAX_PARTS} parts are split`, async () => {
    expect(MAX_BATCH_PARTS).toBe(SERVER_MAX_PARTS);
    const { server, http } = setUp();
    const answers = await Promise.all(
      Array.from({ length: 201 }, (_, i) => http.get(api(`webnews/get/${i}`)).json<{ url: string }>()),
    );
    expect(answers.map((a) => a.url)).toEqual(Array.from({ length: 201 }, (_, i) => api(`webnews/get/${i}`)));
    // 100 + 100 in two batches, the last one alone.
    expect(server.parts.map((p) => p.length)).toEqual([100, 100]);
    expect(server.requests.map((r) => new URL(r.url).pathname).sort()).toEqual([
      '/api/batch',
      '/api/batch',
      '/api/webnews/get/200',
    ]);
  });

  test('a batch reply without the multipart content type rejects every caller with an error', async () => {
    const fetch = async () => Response.json({ whatever: true });
    const page = fakeBrowser(fetch);
    const results = await Promise.allSettled([
      page.http.get(api('a/get/1')).json(),
      page.http.get(api('a/get/2')).json(),
    ]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(Error);
      expect(String((result as PromiseRejectedResult).reason.message)).toMatch(/multipart\/mixed/);
    }
  });

  test('a part that fails fails alone, with the same handling as an unbatched call', async () => {
    const { page, http } = setUp(statusServer);
    const [ok, bad] = await Promise.allSettled([
      http.get(api('webnews/get/1')).json(),
      http.post(api('status/400?message=%E6%A8%99%E9%A1%8C%E5%BF%85%E5%A1%AB'), { json: {} }).json(),
    ]);
    expect(ok.status).toBe('fulfilled');
    expect(bad.status).toBe('rejected');
    expect((bad as PromiseRejectedResult).reason).toBeInstanceOf(ApiRequestError);
    expect((bad as PromiseRejectedResult).reason.status).toBe(400);
    expect(page.alerts).toEqual(['標題必填']);
  });
});

describe('errors', () => {
  test('401 alerts 請重新登入 and reloads, once however many calls fail together', async () => {
    const { page, http } = setUp(statusServer);
    const results = await Promise.allSettled([http.get(api('status/401')).json(), http.get(api('status/401')).json()]);
    expect(page.alerts).toEqual(['請重新登入']);
    expect(page.reloads).toBe(1);
    expect(results.map((r) => (r as PromiseRejectedResult).reason.status)).toEqual([401, 401]);
  });

  test('a signed-in back office whose token went (signed out in another tab) acts as on a 401, sending nothing', async () => {
    const { server, page, http } = setUp(statusServer, { signedIn: true });
    const results = await Promise.allSettled([
      http.post(api('webnews/getlist'), { json: {} }).json(),
      http.get(api('webnews/get/1')).json(),
    ]);
    expect(server.requests).toHaveLength(0);
    expect(page.alerts).toEqual(['請重新登入']);
    expect(page.reloads).toBe(1);
    expect(results.map((r) => (r as PromiseRejectedResult).reason.status)).toEqual([401, 401]);
  });

  test('after a sign-out, a 401 of a call it overtook alerts nothing and reloads nothing; the caller gets it', async () => {
    const { page, http } = setUp(statusServer, { signedIn: false });
    await expect(http.get(api('status/401')).json()).rejects.toMatchObject({ status: 401 });
    expect(page.alerts).toEqual([]);
    expect(page.reloads).toBe(0);
  });

  test("without the signed-in setting, a request without a token is a visitor's", async () => {
    const { server, page, http } = setUp(statusServer);
    await http.get(api('webnews/get/1')).json();
    expect(server.requests).toHaveLength(1);
    expect(page.alerts).toEqual([]);
  });

  test('the 401 alert is in the back office language', async () => {
    const { page, http } = setUp(statusServer, { language: 'en' });
    await expect(http.get(api('status/401')).json()).rejects.toBeInstanceOf(ApiRequestError);
    expect(page.alerts).toEqual(['Please sign in again.']);
  });

  test('400 with a message alerts the message; the caller still gets the error with the body', async () => {
    const { page, http } = setUp(statusServer);
    const error = await http
      .post(api('status/400?message=Title%20is%20required'))
      .json()
      .catch((e: unknown) => e);
    expect(page.alerts).toEqual(['Title is required']);
    expect(page.reloads).toBe(0);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).body).toEqual({ message: 'Title is required' });
  });

  test('400 without a message alerts nothing', async () => {
    const { page, http } = setUp(statusServer);
    await expect(http.post(api('status/400')).json()).rejects.toMatchObject({ status: 400 });
    expect(page.alerts).toEqual([]);
  });

  test.each([403, 404, 500])('%i is passed to the caller without an alert', async (status) => {
    const { page, http } = setUp(statusServer);
    const error = await http
      .get(api(`status/${status}?message=nope`))
      .json()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status, body: { message: 'nope' } });
    expect(page.alerts).toEqual([]);
    expect(page.reloads).toBe(0);
  });

  test('a network failure reaches the caller unchanged', async () => {
    const failure = new TypeError('fetch failed');
    const page = fakeBrowser(async () => {
      throw failure;
    });
    await expect(page.http.get(api('webnews/get/1')).json()).rejects.toBe(failure);
    expect(page.alerts).toEqual([]);
  });
});

describe('result cache', () => {
  test('off by default: the same GET is fetched twice', async () => {
    const { server, http } = setUp();
    await http.get(api('webnews/get/1')).json();
    await http.get(api('webnews/get/1')).json();
    expect(server.requests).toHaveLength(2);
  });

  test('when on, GET and POST answers come from memory until a write', async () => {
    const { server, http } = setUp(undefined, { cache: true });
    const first = await http.post(api('webnews/getlist'), { json: { page: 1 } }).json();
    expect(await http.post(api('webnews/getlist'), { json: { page: 1 } }).json()).toEqual(first);
    await http.get(api('webnews/get/1')).json();
    await http.get(api('webnews/get/1')).json();
    await http.post(api('webnews/getlist'), { json: { page: 2 } }).json(); // another body, another answer
    expect(server.requests).toHaveLength(3);
    await http.put(api('webnews/update'), { json: { id: 1 } }).json();
    await http.get(api('webnews/get/1')).json();
    expect(server.requests).toHaveLength(5);
  });
});
