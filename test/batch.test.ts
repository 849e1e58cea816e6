import { withDatabase } from './helpers/database';
import { call, signedIn, type CallOptions } from './helpers/api';
import { boundaryOf, parseMultipart, parseResponse, type HttpResponseMessage } from '../lib/http/multipart';

withDatabase();

const CRLF = '\r\n';

interface PartRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A multipart/mixed batch body written out by hand, as any client would send it. */
function batchBody(boundary: string, requests: PartRequest[]): string {
  const parts = requests.map((r, i) => {
    const body = r.body === undefined ? '' : typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
    const headers = { ...(r.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...r.headers };
    const head = [`${r.method} ${r.url} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    return `--${boundary}${CRLF}Content-Type: application/http${CRLF}Content-ID: ${i + 1}${CRLF}${CRLF}${head.join(CRLF)}${CRLF}${CRLF}${body}${CRLF}`;
  });
  return `${parts.join('')}--${boundary}--${CRLF}`;
}

interface BatchResult {
  status: number;
  contentType: string;
  /** Responses of the parts, JSON bodies parsed. */
  parts: (HttpResponseMessage & { json: any; partHeaders: Record<string, string> })[];
  body: any;
  headers: Headers;
}

async function batch(requests: PartRequest[], options: CallOptions = {}): Promise<BatchResult> {
  const boundary = 'batch_test_0123456789';
  const result = await call('POST', 'batch', undefined, {
    ...options,
    raw: options.raw ?? batchBody(boundary, requests),
    headers: { 'content-type': `multipart/mixed; boundary=${boundary}`, ...options.headers },
  });
  const contentType = result.headers.get('content-type') ?? '';
  let parts: BatchResult['parts'] = [];
  const responseBoundary = boundaryOf(contentType);
  if (result.status === 200 && responseBoundary) {
    parts = parseMultipart(result.body as string, responseBoundary).map((part) => {
      const message = parseResponse(part.body);
      if (!message) throw new Error(`not an HTTP response: ${part.body}`);
      let json: unknown;
      try {
        json = JSON.parse(message.body);
      } catch {
        json = undefined;
      }
      return { ...message, json, partHeaders: part.headers };
    });
  }
  return { status: result.status, contentType, parts, body: result.body, headers: result.headers };
}

describe('POST /api/batch', () => {
  let user: { token: string };
  beforeAll(async () => {
    user = await signedIn(0);
  });

  test('runs mixed parts in order and answers multipart/mixed of application/http responses', async () => {
    const first = await batch(
      [
        {
          method: 'POST',
          url: '/api/webnews/add',
          body: { title: 'Batch one', content: '<p>one</p><script>x()</script>' },
        },
        { method: 'POST', url: '/api/webnews/add', body: { title: 'Batch two' } },
        { method: 'POST', url: '/api/webnews/getlist', body: { page: 1, pageSize: 10, sort: 'id', direction: 'asc' } },
        { method: 'GET', url: '/api/webnews/get/999999' },
      ],
      { token: user.token, language: 'en' },
    );
    expect(first.status).toBe(200);
    expect(first.contentType).toMatch(/^multipart\/mixed;\s*boundary=\S+$/);
    expect(first.parts).toHaveLength(4);
    for (const [i, part] of first.parts.entries()) {
      expect(part.partHeaders['content-type']).toMatch(/^application\/http/);
      expect(part.partHeaders['content-id']).toBe(String(i + 1));
      expect(part.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(first.parts.map((p) => p.status)).toEqual([200, 200, 200, 404]);
    expect(first.parts[3].statusText).toBe('Not Found');
    expect(first.parts[3].json).toEqual({ message: 'The requested item was not found.' });
    const [one, two] = [first.parts[0].json, first.parts[1].json];
    expect(one).toMatchObject({ title: 'Batch one', content: '<p>one</p>' });
    expect(two).toMatchObject({ title: 'Batch two' });
    // The list, run third, already sees both rows: parts run one after another.
    expect(first.parts[2].json.data.map((r: any) => r.id)).toEqual([one.id, two.id]);

    const second = await batch(
      [
        { method: 'GET', url: `/api/webnews/get/${one.id}` },
        { method: 'PUT', url: '/api/webnews/update', body: { id: one.id, title: 'Batch one, edited' } },
        { method: 'GET', url: `/api/webnews/get/${one.id}` },
        { method: 'DELETE', url: `/api/webnews/delete/${two.id}` },
        { method: 'GET', url: `/api/webnews/get/${two.id}` },
        { method: 'POST', url: '/api/webnews/add', body: '{broken json' },
        { method: 'POST', url: '/api/webnews/getlist', body: {} },
      ],
      { token: user.token, language: 'en' },
    );
    expect(second.status).toBe(200);
    expect(second.parts.map((p) => p.status)).toEqual([200, 200, 200, 200, 404, 400, 200]);
    expect(second.parts[0].json.title).toBe('Batch one');
    expect(second.parts[1].json.title).toBe('Batch one, edited');
    expect(second.parts[2].json.title).toBe('Batch one, edited');
    expect(second.parts[3].json).toEqual({ id: two.id });
    expect(second.parts[5].json).toEqual({ message: 'The request body is not valid JSON.' });
    expect(second.parts[6].json.data.map((r: any) => r.id)).toEqual([one.id]);

    // The batch changed the database like direct calls would have.
    const direct = await call('GET', `webnews/get/${one.id}`, undefined, { token: user.token, language: 'en' });
    expect(direct.body.title).toBe('Batch one, edited');
  });

  test('parts run with the outer Authorization, whatever they carry themselves', async () => {
    const anonymous = await batch(
      [
        {
          method: 'POST',
          url: '/api/webnews/add',
          headers: { Authorization: `Bearer ${user.token}` },
          body: { title: 'sneaked in' },
        },
        { method: 'POST', url: '/api/account/checklogin', headers: { Authorization: `Bearer ${user.token}` } },
      ],
      { language: 'en' },
    );
    expect(anonymous.status).toBe(200);
    expect(anonymous.parts[0].status).toBe(401);
    expect(anonymous.parts[1].json).toEqual({ valid: false });

    const signed = await batch(
      [
        {
          method: 'POST',
          url: '/api/webnews/add',
          headers: { Authorization: 'Bearer someone-else' },
          body: { title: 'as the outer user' },
        },
        { method: 'POST', url: '/api/account/checklogin' },
      ],
      { token: user.token },
    );
    expect(signed.parts[0].status).toBe(200);
    expect(signed.parts[1].json).toMatchObject({ valid: true, role: 0 });

    // A User's batch cannot reach what a User cannot.
    const accounts = await batch([{ method: 'POST', url: '/api/account/getlist', body: {} }], { token: user.token });
    expect(accounts.parts[0].status).toBe(403);
  });

  test('parts run in the outer Web-Language', async () => {
    const result = await batch(
      [
        { method: 'GET', url: '/api/webnews/get/999999', headers: { 'Web-Language': 'en' } },
        { method: 'POST', url: '/api/webnews/add', headers: { 'Web-Language': 'en' }, body: { title: '中文消息' } },
      ],
      { token: user.token, language: 'tw' },
    );
    expect(result.parts[0].json).toEqual({ message: '找不到指定的資料。' });
    expect(result.parts[1].status).toBe(200);
    const tw = await call('GET', `webnews/get/${result.parts[1].json.id}`, undefined, {
      token: user.token,
      language: 'tw',
    });
    expect(tw.status).toBe(200);
    const en = await call('GET', `webnews/get/${result.parts[1].json.id}`, undefined, {
      token: user.token,
      language: 'en',
    });
    expect(en.status).toBe(404);
  });

  test('a batch that lists a batch is a 400', async () => {
    for (const url of [
      '/api/batch',
      '/api/batch/',
      '/api/Batch',
      '/api//batch',
      '/api/%62atch',
      'http://localhost/api/BATCH',
    ]) {
      const result = await batch(
        [
          { method: 'POST', url: '/api/webnews/add', body: { title: 'never stored' } },
          { method: 'POST', url, headers: { 'Content-Type': 'multipart/mixed; boundary=inner' }, body: '--inner--' },
        ],
        { token: user.token, language: 'en' },
      );
      expect([url, result.status]).toEqual([url, 400]);
      expect(result.body).toEqual({ message: 'A batch request cannot contain another batch request.' });
    }
    const list = await call('POST', 'webnews/getlist', { pageSize: 100 }, { token: user.token });
    expect(list.body.data.map((r: any) => r.title)).not.toContain('never stored');
  });

  test('a part that is not an HTTP request, or not for the API, is a 400', async () => {
    const garbage = await batch([], {
      raw: `--b${CRLF}Content-Type: application/http${CRLF}${CRLF}this is not a request${CRLF}--b--`,
      headers: { 'content-type': 'multipart/mixed; boundary=b' },
      language: 'en',
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body).toEqual({ message: 'Part 1 of the batch is not a valid HTTP request.' });
    const outside = await batch([{ method: 'GET', url: '/tw/news' }], { language: 'en' });
    expect(outside.status).toBe(400);
  });

  test('up to 100 parts are run; more are a 400', async () => {
    const get = { method: 'GET', url: '/api/webnews/get/999999' };
    const hundred = await batch(Array.from({ length: 100 }, () => get));
    expect(hundred.status).toBe(200);
    expect(hundred.parts).toHaveLength(100);
    expect(hundred.parts.every((p) => p.status === 404)).toBe(true);

    const tooMany = await batch(
      Array.from({ length: 101 }, () => get),
      { language: 'en' },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message: 'A batch request may have at most 100 parts.' });
  });

  test('a body over 10 MB is a 413', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    const result = await batch(
      [{ method: 'POST', url: '/api/webnews/add', body: JSON.stringify({ title: 'big', content: big }) }],
      { token: user.token, language: 'en' },
    );
    expect(result.status).toBe(413);
    expect(result.body.message).toMatch(/too large/);
    // A declared length over the limit is refused before the body is read.
    const declared = await call('POST', 'batch', undefined, {
      raw: '--b--',
      headers: { 'content-type': 'multipart/mixed; boundary=b', 'content-length': String(11 * 1024 * 1024) },
    });
    expect(declared.status).toBe(413);
  });

  test('a content type without a boundary, or not multipart/mixed, is a 400', async () => {
    const body = batchBody('b', [{ method: 'GET', url: '/api/webnews/get/1' }]);
    for (const contentType of ['multipart/mixed', 'application/json', 'multipart/form-data; boundary=b']) {
      const result = await call('POST', 'batch', undefined, {
        raw: body,
        headers: { 'content-type': contentType },
        language: 'en',
      });
      expect([contentType, result.status]).toEqual([contentType, 400]);
      expect(result.body).toEqual({ message: 'A batch request must be multipart/mixed with a boundary.' });
    }
    const none = await call('POST', 'batch', undefined, { raw: body, headers: {} });
    expect(none.status).toBe(400);
  });

  test('GET /api/batch is a 405', async () => {
    expect((await call('GET', 'batch')).status).toBe(405);
  });

  test('XSRF is checked on the outer request only', async () => {
    const parts = [{ method: 'POST', url: '/api/webnews/add', body: { title: 'xsrf batch' } }];
    const refused = await batch(parts, { token: user.token, xsrf: false, language: 'en' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/XSRF/);

    // The parts themselves carry no X-XSRF-TOKEN (and a wrong one does not matter).
    const accepted = await batch(
      [...parts, { method: 'DELETE', url: '/api/webnews/delete/999999', headers: { 'X-XSRF-TOKEN': 'wrong' } }],
      { token: user.token },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.parts.map((p) => p.status)).toEqual([200, 404]);
    // Cookies issued inside parts do not leak into the part responses.
    expect(accepted.parts.every((p) => !('set-cookie' in p.headers))).toBe(true);
  });

  test("a part cannot claim another client address: it counts against the outer request's", async () => {
    const forged = (n: number) => ({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'X-Peer-Address': `10.98.0.${n}`, 'X-Forwarded-For': `10.97.0.${n}` },
      body: { username: 'batch-ghost', password: 'x' },
    });
    const result = await batch(
      Array.from({ length: 21 }, (_, n) => forged(n)),
      { ip: '10.99.0.2' },
    );
    expect(result.parts.slice(0, 20).every((p) => p.status === 200)).toBe(true);
    expect(result.parts[20].status).toBe(429);
  });

  test('a part may sign in; the batch is still rate-limited and answered in order', async () => {
    const admin = await signedIn(1);
    const result = await batch(
      [
        { method: 'POST', url: '/api/account/login', body: { username: 'nobody', password: 'nothing at all' } },
        { method: 'POST', url: '/api/account/getlist', body: { page: 1 } },
      ],
      { token: admin.token, ip: '10.99.0.1' },
    );
    expect(result.parts.map((p) => p.status)).toEqual([200, 200]);
    expect(result.parts[0].json).toMatchObject({ token: null, locked: false });
    expect(result.parts[1].json.total).toBeGreaterThanOrEqual(2);
  });
});
