import http from 'node:http';
import zlib from 'node:zlib';
import { invalidate } from '../../lib/cache/public-reads';
import { resources } from '../../lib/content/model/registry';
import { windowChanges } from '../../lib/content/storage/reads';
import { dispatch, dispatchWhole } from '../../lib/api/dispatch';
import { wholeAnswerBody } from '../../lib/api/http';
import { nodeHeaderReader } from '../../lib/http/request-headers';
import { apiStage } from '../../lib/server/api';
import { keptAnswerCount } from '../../lib/server/api-answers';
import { FIRST_FLIGHT_BYTES, MIN_COMPRESSED_BYTES } from '../../lib/server/compression';
import { requestGate } from '../../lib/server/request-gate';
import { requestLog } from '../../lib/server/request-log';
import { addRow, clearContent, taipei } from '../helpers/content';
import { signedIn, XSRF } from '../helpers/api';
import { withDatabase } from '../helpers/database';
import { serveThrough } from './helpers';

/**
 * The API as a stage of the request pipeline (lib/server/api.ts): answered by the dispatcher
 * without the stage after it (here a stand-in for Next.js that fails the test), with the security
 * headers, compression by size and visitors' reads kept for a moment (lib/server/api-answers.ts).
 */
withDatabase();

let server: Awaited<ReturnType<typeof serveThrough>>;
let reachedNext = 0;

beforeAll(async () => {
  server = await serveThrough([requestLog([]), requestGate, apiStage({ dev: false })], (_request, response) => {
    reachedNext++;
    response.statusCode = 418;
    response.end();
  });
});
afterAll(() => server.close());
beforeEach(() => clearContent());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  json: any;
}

function call(method: string, path: string, body?: unknown, headers: http.OutgoingHttpHeaders = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.base}/api/${path}`,
      {
        method,
        headers: {
          cookie: `XSRF-TOKEN=${XSRF}`,
          'x-xsrf-token': XSRF,
          'accept-encoding': 'gzip, deflate, br',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const coding = response.headers['content-encoding'];
          const plain =
            coding === 'br' ? zlib.brotliDecompressSync(raw) : coding === 'gzip' ? zlib.gunzipSync(raw) : raw;
          let json: unknown;
          try {
            json = JSON.parse(plain.toString('utf8'));
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, json });
        });
      },
    );
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const list = (headers: http.OutgoingHttpHeaders = {}) =>
  call('POST', 'webnews/getlist', { page: 1, pageSize: 50 }, { 'web-language': 'tw', ...headers });

async function addNews(token: string, count: number, title = '消息') {
  for (let i = 0; i < count; i++)
    await addRow('webnews', { title: `${title} ${i} ${'內容'.repeat(20)}`, isVisible: true }, { token });
}

test('an API call is answered by the dispatcher in the pipeline, with the headers every answer carries', async () => {
  const answer = await call('GET', 'nope', undefined, { 'web-language': 'en', cookie: '' });
  expect(answer.status).toBe(404);
  expect(answer.json).toEqual({ message: 'There is no such API: GET /api/nope' });
  expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-frame-options']).toBe('DENY');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-request-id']).toBeTruthy();
  // No XSRF cookie sent: the answer gives one.
  expect(String(answer.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
  // Small: sent as it is, with its length.
  expect(answer.headers['content-encoding']).toBeUndefined();
  expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
  expect(reachedNext).toBe(0);
});

test("a JSON answer's bytes go beside it to the stage; anyone else gets a whole fetch Response", async () => {
  const ask = () => new Request('http://localhost/api/nope', { headers: { 'web-language': 'en' } });
  const message = { message: 'There is no such API: GET /api/nope' };
  const whole = await dispatchWhole(ask());
  expect(whole.status).toBe(404);
  expect(whole.body).toBeNull();
  expect(JSON.parse(wholeAnswerBody(whole)!.toString('utf8'))).toEqual(message);
  const full = await dispatch(ask());
  expect(full.status).toBe(404);
  expect(full.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(full.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
  expect(await full.json()).toEqual(message);
});

test("the stage's requests read Node's parsed headers: in any case, a repeated one joined, an absent one null", () => {
  const headers = nodeHeaderReader({
    'web-language': 'en',
    'x-forwarded-for': '192.0.2.1',
    'set-cookie': ['a=1', 'b=2'],
  });
  expect(headers.get('Web-Language')).toBe('en');
  expect(headers.get('x-forwarded-for')).toBe('192.0.2.1');
  expect(headers.get('set-cookie')).toBe('a=1, b=2');
  expect(headers.get('authorization')).toBeNull();
});

test('HEAD is answered with the head alone', async () => {
  const answer = await call('HEAD', 'nope', undefined, { 'web-language': 'en' });
  expect(answer.status).toBe(404);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.raw.length).toBe(0);
});

test('OPTIONS says the methods, as the route handler did', async () => {
  const answer = await call('OPTIONS', 'webnews/getlist');
  expect(answer.status).toBe(204);
  expect(answer.headers.allow).toBe('DELETE, GET, HEAD, OPTIONS, POST, PUT');
});

test('a write without the XSRF pair is refused in the request language', async () => {
  const answer = await call('POST', 'webnews/getlist', {}, { 'x-xsrf-token': 'other', 'web-language': 'en' });
  expect(answer.status).toBe(403);
});

test('a larger JSON answer is compressed in the coding the client prefers', async () => {
  const { token } = await signedIn();
  await addNews(token, 12);
  const br = await list();
  expect(br.status).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toContain('Accept-Encoding');
  expect(br.json.total).toBe(12);
  const gzip = await list({ 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.json).toEqual(br.json);
  const plain = await list({ 'accept-encoding': 'identity' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.json).toEqual(br.json);
});

test('an answer made for one request is compressed only past the first flight; a kept one from 1 KB', async () => {
  const { token } = await signedIn();
  await addNews(token, 30);
  const signedInList = (pageSize: number) =>
    call('POST', 'webnews/getlist', { page: 1, pageSize }, { 'web-language': 'tw', authorization: `Bearer ${token}` });
  // A few kilobytes, signed in (never kept): as it is, whatever the client accepts.
  const few = await signedInList(4);
  expect(few.raw.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
  expect(few.raw.length).toBeLessThan(FIRST_FLIGHT_BYTES);
  expect(few.headers['content-encoding']).toBeUndefined();
  expect(few.headers.vary).toContain('Accept-Encoding');
  expect(few.json.data).toHaveLength(4);
  // Past the first flight: compressed.
  const all = await signedInList(50);
  expect(all.headers['content-encoding']).toBe('br');
  expect(all.json.data).toHaveLength(30);
  expect(zlib.brotliDecompressSync(all.raw).length).toBeGreaterThan(FIRST_FLIGHT_BYTES);
  // A visitor's answer of a few kilobytes is kept, and compressed once: from its first sending.
  const visitor = () => call('POST', 'webnews/getlist', { page: 1, pageSize: 4 }, { 'web-language': 'tw' });
  const first = await visitor();
  expect(first.headers['content-encoding']).toBe('br');
  expect(zlib.brotliDecompressSync(first.raw).length).toBeLessThan(FIRST_FLIGHT_BYTES);
  const again = await visitor();
  expect(again.raw.equals(first.raw)).toBe(true);
});

test("a visitor's list is kept for a moment and never shown after a write", async () => {
  const { token } = await signedIn();
  await addNews(token, 2);
  const tenPerPage = () => call('POST', 'webnews/getlist', { page: 1, pageSize: 10 }, { 'web-language': 'tw' });
  const before = keptAnswerCount();
  const first = await tenPerPage();
  expect(first.json.total).toBe(2);
  expect(keptAnswerCount()).toBe(before + 1);
  // The same call again: the kept answer, the same bytes.
  const again = await tenPerPage();
  expect(again.raw.equals(first.raw)).toBe(true);
  // A write through the API: the next read sees it.
  await addNews(token, 1, '新的');
  expect((await list()).json.total).toBe(3);
  // A write heard from another server (or made behind the API) does too.
  await addRow('webnews', { title: '另一台', isVisible: true }, { token });
  invalidate('webnews');
  expect((await list()).json.total).toBe(4);
});

test('a kept answer is not sent past the moment a row enters the public window, once known', async () => {
  const { token } = await signedIn();
  await addNews(token, 1);
  // A row published at the next whole second, 600–800 ms away: before the kept answer's second is up.
  while (Date.now() % 1000 < 200 || Date.now() % 1000 >= 400) await new Promise((resolve) => setTimeout(resolve, 20));
  const publishAt = new Date(Math.ceil(Date.now() / 1000) * 1000);
  await addRow('webnews', { title: '排程', isVisible: true, publishAt: taipei(publishAt) }, { token });
  // A public page's render notes when the list's rows next enter or leave the window (lib/public/cache-headers.ts).
  await windowChanges(resources.webnews);
  const keptAt = Date.now();
  expect((await list()).json.total).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, publishAt.getTime() + 100 - Date.now()));
  expect(Date.now() - keptAt).toBeLessThan(1000);
  expect((await list()).json.total).toBe(2);
});

test('signed-in reads, other languages and other bodies are never answered from a visitor’s copy', async () => {
  const { token } = await signedIn();
  await addNews(token, 3);
  await list();
  const count = keptAnswerCount();
  const signed = await list({ authorization: `Bearer ${token}` });
  expect(signed.status).toBe(200);
  // The back office sees internal columns a visitor's answer leaves out.
  expect(signed.json.data[0]).toHaveProperty('isVisible');
  expect(keptAnswerCount()).toBe(count);
  const english = await list({ 'web-language': 'en' });
  expect(english.json.total).toBe(0);
  const paged = await call('POST', 'webnews/getlist', { page: 2, pageSize: 2 }, { 'web-language': 'tw' });
  expect(paged.json.data).toHaveLength(1);
});

/** A POST whose body goes in two pieces, with its length declared or `chunked`, as a client may send it. */
function postInPieces(
  path: string,
  body: string,
  { chunked = false, headers = {} }: { chunked?: boolean; headers?: http.OutgoingHttpHeaders },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.base}/api/${path}`, {
      method: 'POST',
      headers: {
        cookie: `XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
        'content-type': 'application/json',
        'web-language': 'en',
        ...(chunked ? {} : { 'content-length': Buffer.byteLength(body) }),
        ...headers,
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, json: JSON.parse(raw.toString()) });
      });
    });
    request.on('error', reject);
    const bytes = Buffer.from(body);
    const half = Math.floor(bytes.length / 2);
    request.write(bytes.subarray(0, half));
    setTimeout(() => request.end(bytes.subarray(half)), 20);
  });
}

test('a body is read whole before dispatching when small, streamed when large or of no declared length', async () => {
  const { token } = await signedIn();
  const add = (title: string, size: number, chunked = false) =>
    postInPieces('webnews/add', JSON.stringify({ title, isVisible: true, content: `<p>${'x'.repeat(size)}</p>` }), {
      chunked,
      headers: { authorization: `Bearer ${token}` },
    });
  const stored = async (answer: Answer) => {
    expect(answer.status).toBe(200);
    const row = await call('GET', `webnews/get/${answer.json.id}`, undefined, {
      authorization: `Bearer ${token}`,
      'web-language': 'en',
    });
    return { title: row.json.title, length: row.json.content.length };
  };
  // Small, with its length: read ahead.
  expect(await stored(await add('small', 100))).toEqual({ title: 'small', length: 107 });
  // Past the read-ahead size, and one of no declared length: streamed to the handler.
  expect(await stored(await add('large', 100_000))).toEqual({ title: 'large', length: 100_007 });
  expect(await stored(await add('chunked', 100, true))).toEqual({ title: 'chunked', length: 107 });
  // A body read ahead is still held to its call's own limit (a form post's is 16 KB), and bad JSON is a 400.
  const form = await postInPieces('newsletter/subscribe', `email=a%40example.com&x=${'y'.repeat(20_000)}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(form.status).toBe(413);
  expect(form.json.message).toMatch(/too large/i);
  expect(
    (await postInPieces('webnews/add', '{"title": ', { headers: { authorization: `Bearer ${token}` } })).status,
  ).toBe(400);
});
