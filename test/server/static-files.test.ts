import { responseBody } from '../../lib/server/next/response';
import { staticFiles, storedFileCount } from '../../lib/server/static-files';
import { BROWSER, get, serveThrough } from './helpers';
import { waitFor } from '../helpers/wait-for';

/** Next.js's build files through the static-files stage, with a stand-in that counts its answers. */
const script = `self.chunk = ${JSON.stringify('公會 '.repeat(2000))};`;
let served = 0;
let server: Awaited<ReturnType<typeof serveThrough>>;

beforeAll(async () => {
  server = await serveThrough([staticFiles, responseBody({ hashScripts: true })], (request, response) => {
    served++;
    const immutable = request.url?.startsWith('/_next/static/');
    response.writeHead(200, {
      'content-type': 'application/javascript; charset=UTF-8',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-store',
      etag: 'W/"chunk"',
      'accept-ranges': 'bytes',
    });
    response.end(script);
  });
});
afterAll(() => server.close());

test('a build file is compressed once, then sent from its stored copies in every coding', async () => {
  const first = await get(server.base, '/_next/static/chunks/a.js', BROWSER);
  expect(first.text).toBe(script);
  expect(first.headers['content-encoding']).toBe('br');
  expect(first.headers['accept-ranges']).toBeUndefined();
  await waitFor(() => storedFileCount() > 0, { timeout: 2_000, what: 'the stored copies' });
  const count = served;
  const br = await get(server.base, '/_next/static/chunks/a.js', BROWSER);
  const gzip = await get(server.base, '/_next/static/chunks/a.js', { 'accept-encoding': 'gzip' });
  const plain = await get(server.base, '/_next/static/chunks/a.js');
  expect(served).toBe(count);
  expect([br.text, gzip.text, plain.raw.toString('utf8')]).toEqual([script, script, script]);
  expect([br.headers['content-encoding'], gzip.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(
    ['br', 'gzip', undefined],
  );
  expect(br.headers['cache-control']).toContain('immutable');
  expect(br.headers['content-security-policy']).toBeUndefined();
  const again = await get(server.base, '/_next/static/chunks/a.js', {
    ...BROWSER,
    'if-none-match': br.headers.etag as string,
  });
  expect(again.status).toBe(304);
});

test('what is not immutable, and range requests, go to Next.js every time', async () => {
  const count = served;
  await get(server.base, '/_next/static/chunks/b.js', { ...BROWSER, range: 'bytes=0-10' });
  await get(server.base, '/other.js', BROWSER);
  await get(server.base, '/other.js', BROWSER);
  expect(served).toBe(count + 3);
});
