import { expect, test } from './fixtures';
import { admin, adminHeaders, nextTestAddress } from './helpers';

test.describe('API over HTTP', () => {
  test('sign-in with the configured Admin, checklogin and logout', async ({ request }) => {
    const login = await request.post('/api/account/login', {
      data: admin,
      headers: { 'x-forwarded-for': nextTestAddress() },
    });
    expect(login.status()).toBe(200);
    const { token, locked } = await login.json();
    expect(token).toEqual(expect.any(String));
    expect(locked).toBe(false);
    const cookie = (await request.get('/api/webnews/get/1')).headers()['set-cookie']?.match(/XSRF-TOKEN=([^;]+)/)?.[1];
    const storage = await request.storageState();
    const xsrf = cookie ?? storage.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf ?? '' };
    const check = await request.post('/api/account/checklogin', { headers });
    expect(await check.json()).toMatchObject({ valid: true, role: 1, username: admin.username });
    expect((await request.post('/api/account/logout', { headers })).status()).toBe(200);
    const after = await request.post('/api/account/checklogin', { headers });
    expect(await after.json()).toMatchObject({ valid: false });
  });

  test('a write without the XSRF header is refused with 403', async ({ request }) => {
    const { authorization } = await adminHeaders(request);
    const response = await request.post('/api/webnews/add', { headers: { authorization }, data: { title: 'x' } });
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toContain('XSRF');
  });

  test('malformed JSON is a 400 in the request language, never a 500', async ({ request }) => {
    const headers = await adminHeaders(request, 'en');
    const response = await request.post('/api/webnews/add', {
      headers: { ...headers, 'content-type': 'application/json' },
      data: Buffer.from('{"title": '),
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  test('an uploaded document is served with its sniffed type, nosniff and as an attachment', async ({ request }) => {
    const headers = await adminHeaders(request);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const upload = await request.post('/api/upload', {
      headers,
      multipart: { file: { name: '年報.pdf', mimeType: 'text/html', buffer: pdf } },
    });
    expect(upload.status()).toBe(200);
    const info = await upload.json();
    expect(info).toMatchObject({ name: '年報.pdf', type: 'application/pdf', size: pdf.length });
    const served = await request.get(info.url);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(served.headers()['content-disposition']).toContain(
      'attachment; filename="__.pdf"; filename*=UTF-8\'\'%E5%B9%B4%E5%A0%B1.pdf',
    );
    expect(Buffer.from(await served.body()).equals(pdf)).toBe(true);
  });

  test('an upload over 20 MB is refused with 413', async ({ request }) => {
    const headers = await adminHeaders(request);
    const big = Buffer.alloc(21 * 1024 * 1024, 0x20);
    const response = await request.post('/api/upload', {
      headers,
      multipart: { file: { name: 'big.txt', mimeType: 'text/plain', buffer: big } },
    });
    expect(response.status()).toBe(413);
  });
});
