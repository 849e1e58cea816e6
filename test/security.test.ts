import { eq } from 'drizzle-orm';
import { withDatabase } from './helpers/database';
import { call, signedIn, XSRF } from './helpers/api';
import { dispatch } from '../lib/api/dispatch';
import { resetConfig } from '../lib/config';
import { getDb } from '../lib/db';
import { rateLimits } from '../lib/db/schema';
import { ensureAdmin } from '../lib/content/auth/accounts';
import { richTextToPlain, sanitizeRichText } from '../lib/security/sanitize';
import { useLocalCaptchaVerifier } from './helpers/captcha';

withDatabase();

const PASSWORD = 'correct horse battery';

describe('sign-in rate limit per client address', () => {
  beforeAll(async () => {
    await ensureAdmin(await getDb(), 'limited', PASSWORD);
  });

  const attempt = (ip: string, password = 'wrong', username = 'ghost-user') =>
    call('POST', 'account/login', { username, password }, { ip, language: 'en' });

  test('the 21st attempt within the window is a 429 with Retry-After; other addresses are unaffected', async () => {
    for (let i = 1; i <= 20; i++) {
      const result = await attempt('192.0.2.10');
      expect(result.status).toBe(200);
    }
    const blocked = await attempt('192.0.2.10');
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(blocked.body.message).toBe(`Too many attempts. Try again in ${retryAfter} seconds.`);

    // Even the right password is refused from that address, without a token.
    const right = await attempt('192.0.2.10', PASSWORD, 'limited');
    expect(right.status).toBe(429);
    expect(right.body.token).toBeUndefined();

    // Another address signs in normally.
    const other = await attempt('192.0.2.11', PASSWORD, 'limited');
    expect(other.status).toBe(200);
    expect(typeof other.body.token).toBe('string');

    // An X-Forwarded-For from a peer that is not a trusted proxy changes nothing.
    const forwarded = await call(
      'POST',
      'account/login',
      { username: 'limited', password: PASSWORD },
      { ip: '192.0.2.10', headers: { 'x-forwarded-for': '192.0.2.99' } },
    );
    expect(forwarded.status).toBe(429);
  });

  test('the window passes and the address may try again', async () => {
    for (let i = 0; i < 21; i++) await attempt('192.0.2.20');
    expect((await attempt('192.0.2.20')).status).toBe(429);
    const db = await getDb();
    await db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(rateLimits.key, '192.0.2.20'));
    const after = await attempt('192.0.2.20', PASSWORD, 'limited');
    expect(after.status).toBe(200);
    expect(typeof after.body.token).toBe('string');
  });

  test('concurrent attempts are all counted', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => attempt('192.0.2.30')));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe('captcha on sign-in', () => {
  const { seen } = useLocalCaptchaVerifier('test-secret', {
    good: { success: true, score: 0.9, action: 'login' },
    low: { success: true, score: 0.2, action: 'login' },
    bad: { success: false, 'error-codes': ['invalid-input-response'] },
    elsewhere: { success: true, score: 0.9, action: 'contact' },
    garbage: '<html>oops</html>',
  });

  beforeAll(async () => {
    await ensureAdmin(await getDb(), 'captcha-admin', PASSWORD);
  });

  let ip = 0;
  const login = (captchaToken: unknown, password = PASSWORD) =>
    call(
      'POST',
      'account/login',
      { username: 'captcha-admin', password, captchaToken },
      { ip: `198.51.100.${++ip}`, language: 'en' },
    );

  test('a good token signs in, and the verifier is asked with the secret and the client address', async () => {
    const result = await login('good');
    expect(result.status).toBe(200);
    expect(typeof result.body.token).toBe('string');
    const request = seen[seen.length - 1];
    expect(request.get('secret')).toBe('test-secret');
    expect(request.get('response')).toBe('good');
    expect(request.get('remoteip')).toBe(`198.51.100.${ip}`);
  });

  test.each([
    ['a missing token', undefined],
    ['an empty token', ''],
    ['a token that is not text', 12345],
    ['a rejected token', 'bad'],
    ['a low score', 'low'],
    ['a token made for another action', 'elsewhere'],
    ['a verifier answering nonsense', 'garbage'],
  ])('%s is a 400 captchaFailed, even with the right password', async (_, token) => {
    // The server logs a verifier that answers nonsense; keep the test output quiet.
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const result = await login(token).finally(() => error.mockRestore());
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ message: 'The robot check failed. Reload the page and try again.' });
  });

  test('the minimum score is configurable', async () => {
    process.env.RECAPTCHA_MIN_SCORE = '0.1';
    resetConfig();
    try {
      expect((await login('low')).status).toBe(200);
    } finally {
      delete process.env.RECAPTCHA_MIN_SCORE;
      resetConfig();
    }
    expect((await login('low')).status).toBe(400);
  });

  test('an unreachable verifier is a 400, not a 500', async () => {
    const url = process.env.RECAPTCHA_VERIFY_URL;
    process.env.RECAPTCHA_VERIFY_URL = 'http://127.0.0.1:1/siteverify';
    resetConfig();
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const result = await login('good');
      expect(result.status).toBe(400);
      expect(result.body.message).toMatch(/robot check/);
    } finally {
      error.mockRestore();
      process.env.RECAPTCHA_VERIFY_URL = url;
      resetConfig();
    }
  });

  test('a failed captcha does not count as a failed password', async () => {
    for (let i = 0; i < 6; i++) await login('bad', 'wrong password');
    const result = await login('good');
    expect(result.body).toMatchObject({ locked: false });
    expect(typeof result.body.token).toBe('string');
  });

  test('without the secret the captcha is off', async () => {
    const secret = process.env.RECAPTCHA_SECRET_KEY;
    delete process.env.RECAPTCHA_SECRET_KEY;
    resetConfig();
    try {
      const result = await login(undefined);
      expect(typeof result.body.token).toBe('string');
    } finally {
      process.env.RECAPTCHA_SECRET_KEY = secret;
      resetConfig();
    }
  });
});

describe('XSRF', () => {
  let token: string;
  beforeAll(async () => {
    token = (await signedIn(0)).token;
  });

  const xsrfMessage =
    'Security check failed (the XSRF token is missing or does not match). Reload the page and try again.';
  const write = (headers: Record<string, string>, language: 'tw' | 'en' = 'en') =>
    call('POST', 'webnews/add', { title: 'xsrf probe' }, { token, xsrf: false, headers, language });

  test('a write without the cookie and header is a 403 with the XSRF message', async () => {
    const en = await write({});
    expect(en.status).toBe(403);
    expect(en.body).toEqual({ message: xsrfMessage });
    const tw = await write({}, 'tw');
    expect(tw.status).toBe(403);
    expect(tw.body.message).toMatch(/XSRF/);
    expect(tw.body.message).not.toBe(xsrfMessage);
  });

  test.each([
    ['only the cookie', { cookie: 'XSRF-TOKEN=abc123' }],
    ['only the header', { 'x-xsrf-token': 'abc123' }],
    ['a header that does not match', { cookie: 'XSRF-TOKEN=abc123', 'x-xsrf-token': 'abc124' }],
    ['a header of another length', { cookie: 'XSRF-TOKEN=abc123', 'x-xsrf-token': 'abc1234' }],
    ['an empty pair', { cookie: 'XSRF-TOKEN=', 'x-xsrf-token': '' }],
    ['the token in another cookie', { cookie: 'OTHER=abc123', 'x-xsrf-token': 'abc123' }],
  ])('%s is a 403', async (_, headers) => {
    const result = await write(headers);
    expect(result.status).toBe(403);
    expect(result.body.message).toBe(xsrfMessage);
  });

  test('odd cookie and header values are a 403, never a 500', async () => {
    // Same number of characters, different number of bytes.
    expect((await write({ cookie: 'XSRF-TOKEN=%C3%A9', 'x-xsrf-token': 'a' })).status).toBe(403);
    expect((await write({ cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': '\u00e9' })).status).toBe(403);
    // A malformed escape in the cookie.
    expect((await write({ cookie: 'XSRF-TOKEN=%E0%A4%A', 'x-xsrf-token': 'abc' })).status).toBe(403);
    const read = await call('GET', 'webnews/get/999999', undefined, {
      xsrf: false,
      headers: { cookie: 'XSRF-TOKEN=%E0%A4%A' },
    });
    expect(read.status).toBe(404);
  });

  test('a matching pair passes, among other cookies', async () => {
    const result = await write({ cookie: 'theme=dark; XSRF-TOKEN=abc123; other=1', 'x-xsrf-token': 'abc123' });
    expect(result.status).toBe(200);
  });

  test('PUT and DELETE are checked as well', async () => {
    expect((await call('PUT', 'webnews/update', { id: 1, title: 'x' }, { token, xsrf: false })).status).toBe(403);
    expect((await call('DELETE', 'webnews/delete/1', undefined, { token, xsrf: false })).status).toBe(403);
    expect((await call('POST', 'account/logout', undefined, { token, xsrf: false })).status).toBe(403);
    expect((await call('POST', 'account/checklogin', undefined, { token, xsrf: false })).status).toBe(403);
  });

  test('GET and HEAD need no XSRF pair', async () => {
    const get = await call('GET', 'webnews/get/999999', undefined, { xsrf: false });
    expect(get.status).toBe(404);
    const head = await call('HEAD', 'webnews/get/999999', undefined, { xsrf: false });
    expect(head.status).toBe(404);
  });

  test('account/login is exempt', async () => {
    const user = await signedIn(0);
    const result = await call(
      'POST',
      'account/login',
      { username: user.username, password: PASSWORD },
      { xsrf: false, ip: '203.0.113.7' },
    );
    expect(result.status).toBe(200);
    expect(typeof result.body.token).toBe('string');
  });

  test('a response to a request without the cookie sets a readable, same-site XSRF-TOKEN cookie', async () => {
    const result = await call('GET', 'webnews/get/1', undefined, { xsrf: false });
    const cookie = result.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{16,};/);
    expect(cookie).toMatch(/;\s*SameSite=Strict/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Secure/i);

    // Errors set it too, and each new cookie is a new random value.
    const again = await call('GET', 'nowhere', undefined, { xsrf: false });
    const second = again.headers.get('set-cookie') ?? '';
    expect(second).toMatch(/^XSRF-TOKEN=/);
    expect(second.split(';')[0]).not.toBe(cookie.split(';')[0]);

    // Behind TLS the cookie is Secure.
    const secure = await call('GET', 'webnews/get/1', undefined, {
      xsrf: false,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers.get('set-cookie')).toMatch(/;\s*Secure/);

    // The issued value works as the pair.
    const value = cookie.split(';')[0].slice('XSRF-TOKEN='.length);
    const echoed = await write({ cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': value });
    expect(echoed.status).toBe(200);
  });

  test('a request that already has the cookie gets no new one', async () => {
    const result = await call('GET', 'webnews/get/1', undefined, {
      headers: { cookie: `XSRF-TOKEN=${XSRF}` },
      xsrf: false,
    });
    expect(result.headers.get('set-cookie')).toBeNull();
  });
});

describe('errors', () => {
  test('an unknown API path is a 404 with a message in the request language', async () => {
    const en = await call('GET', 'no/such/thing', undefined, { language: 'en' });
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ message: 'There is no such API: GET /api/no/such/thing' });
    const tw = await call('POST', 'nosuchresource/getlist', {}, { language: 'tw' });
    expect(tw.status).toBe(404);
    expect(tw.body).toEqual({ message: '沒有這個 API：POST /api/nosuchresource/getlist' });
  });

  test('a known path with the wrong method is a 405', async () => {
    const en = await call('GET', 'account/login', undefined, { language: 'en' });
    expect(en.status).toBe(405);
    expect(en.body).toEqual({ message: 'This API does not accept the GET method.' });
    const tw = await call('DELETE', 'webnews/getlist', undefined, { language: 'tw' });
    expect(tw.status).toBe(405);
    expect(tw.body).toEqual({ message: '此 API 不接受 DELETE 方法。' });
    expect((await call('POST', 'webnews/get/1', {})).status).toBe(405);
  });

  test('Web-Language chooses the language; a missing or unknown one means tw', async () => {
    const send = (language?: string) =>
      dispatch(
        new Request('http://localhost/api/webnews/get/999999', {
          headers: language ? { 'web-language': language } : {},
        }),
      ).then((r) => r.json());
    expect(await send('en')).toEqual({ message: 'The requested item was not found.' });
    expect(await send('tw')).toEqual({ message: '找不到指定的資料。' });
    expect(await send()).toEqual({ message: '找不到指定的資料。' });
    expect(await send('fr')).toEqual({ message: '找不到指定的資料。' });
  });

  test('bad input is a 400 with a message, never a 500', async () => {
    const { token } = await signedIn(0);
    const cases: [string, string, Parameters<typeof call>[3]][] = [
      ['POST', 'webnews/add', { token, raw: '{not json', headers: { 'content-type': 'application/json' } }],
      ['POST', 'webnews/add', { token, raw: '[1,2]', headers: { 'content-type': 'application/json' } }],
      ['POST', 'webnews/add', { token, raw: '"text"', headers: { 'content-type': 'application/json' } }],
      ['POST', 'webnews/getlist', { raw: '{"sort":"nope"}' }],
      ['POST', 'webnews/getlist', { raw: '{"page":0}' }],
      ['POST', 'webnews/getlist', { raw: '{"direction":"sideways"}' }],
      ['GET', 'webnews/get/-1', {}],
      ['GET', 'webnews/get/99999999999999', {}],
      ['PUT', 'webnews/update', { token, raw: '{"title":"no id"}' }],
      ['POST', 'webnews/add', { token, raw: JSON.stringify({ title: 'x'.repeat(10_000) }) }],
      ['POST', 'webnews/add', { token, raw: JSON.stringify({ title: 'ok', publishAt: 'yesterday' }) }],
    ];
    for (const [method, path, options] of cases) {
      const result = await call(method, path, undefined, { ...options, language: 'en' });
      expect([method, path, result.status]).toEqual([method, path, 400]);
      expect(typeof result.body.message).toBe('string');
      expect(result.body.message).not.toMatch(/at .*\.ts|Error:/);
    }
  });

  test('a JSON body over the limit is a 413', async () => {
    const { token } = await signedIn(0);
    const result = await call('POST', 'webnews/add', undefined, {
      token,
      raw: JSON.stringify({ title: 'big', content: 'x'.repeat(3 * 1024 * 1024) }),
      language: 'en',
    });
    expect(result.status).toBe(413);
    expect(result.body.message).toMatch(/too large/);
  });

  test('a malformed percent-encoding in the path is not a 500', async () => {
    const result = await call('GET', 'webnews/get/%E0%A4%A');
    expect(result.status).toBeLessThan(500);
  });
});

describe('sanitizeRichText', () => {
  test('removes <script> with its content', () => {
    const out = sanitizeRichText('<p>Hi</p><script>alert(1)</script><SCRIPT src="x.js"></SCRIPT>');
    expect(out).toBe('<p>Hi</p>');
  });

  test('removes on* event attributes', () => {
    const out = sanitizeRichText(
      '<p onclick="evil()">a</p><img src="https://x.test/a.png" onerror="evil()" onload="evil()"><a href="https://x.test" onmouseover="evil()">l</a>',
    );
    expect(out).not.toMatch(/on(click|error|load|mouseover)/i);
    expect(out).not.toContain('evil');
    expect(out).toContain('<img src="https://x.test/a.png" />');
  });

  test('removes javascript: and data: URLs, however spelled', () => {
    const out = sanitizeRichText(
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(2)">b</a><a href=" javascript:alert(3)">c</a>' +
        '<a href="java&#x09;script:alert(4)">d</a><a href="data:text/html,<script>alert(5)</script>">e</a>' +
        '<img src="data:image/png;base64,AAAA"><img src="javascript:alert(6)">',
    );
    expect(out).not.toMatch(/javascript/i);
    expect(out).not.toMatch(/data:/i);
    expect(out).not.toMatch(/alert/);
    expect(out).toContain('>a</a>');
  });

  test('removes <iframe>, <style>, <object>, <embed>, <form> and <svg>', () => {
    const out = sanitizeRichText(
      '<iframe src="https://evil.test"></iframe><style>body{display:none}</style><object data="x"></object>' +
        '<embed src="x"><form action="https://evil.test"><input name="q"></form><svg><script>1</script></svg><p>kept</p>',
    );
    expect(out).not.toMatch(/<(iframe|style|object|embed|form|input|svg|script)/i);
    expect(out).not.toContain('display:none');
    expect(out).toContain('<p>kept</p>');
  });

  test('removes style attributes', () => {
    expect(sanitizeRichText('<p style="background:url(javascript:x)">a</p>')).toBe('<p>a</p>');
  });

  test('keeps p, strong, a, img, lists and tables', () => {
    const html =
      '<p>Text <strong>bold</strong> <em>em</em> <a href="https://example.org/page" title="t">link</a></p>' +
      '<img src="https://example.org/a.png" alt="A" width="10" height="20" />' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol>' +
      '<table><thead><tr><th scope="col">H</th></tr></thead><tbody><tr><td colspan="2">D</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  test('keeps relative, mailto and tel links and uploaded images', () => {
    const html =
      '<p><a href="/uploads/x/y.pdf">f</a> <a href="mailto:a@b.org">m</a> <a href="tel:+886-2-1234">t</a></p><img src="/uploads/abc/pic.png" />';
    expect(sanitizeRichText(html)).toBe(html);
  });

  test('turns h1 into h2 and keeps h2-h6', () => {
    expect(sanitizeRichText('<h1>Title</h1><h3>Sub</h3>')).toBe('<h2>Title</h2><h3>Sub</h3>');
  });

  test('target=_blank links get rel="noopener noreferrer"; other targets are dropped', () => {
    const blank = sanitizeRichText('<a href="https://example.org" target="_blank">x</a>');
    expect(blank).toMatch(/target="_blank"/);
    expect(blank).toMatch(/rel="noopener noreferrer"/);
    const overridden = sanitizeRichText('<a href="https://example.org" target="_blank" rel="opener">x</a>');
    expect(overridden).toMatch(/rel="noopener noreferrer"/);
    expect(sanitizeRichText('<a href="https://example.org" target="_top">x</a>')).toBe(
      '<a href="https://example.org">x</a>',
    );
  });

  test('escapes text so it cannot become markup', () => {
    expect(sanitizeRichText('<p>1 &lt; 2 &amp; "q"</p>')).toBe('<p>1 &lt; 2 &amp; "q"</p>');
    expect(sanitizeRichText('<p><<script>script>alert(1)<</script>/script></p>')).not.toMatch(/<script/i);
  });

  test('richTextToPlain keeps only the text', () => {
    expect(richTextToPlain('<h2>A</h2>\n<p>b <strong>c</strong></p><script>d()</script>')).toBe('A b c');
  });

  test('rich text is sanitised when a content row is written through the API', async () => {
    const { token } = await signedIn(0);
    const added = await call(
      'POST',
      'webnews/add',
      { title: 'clean', content: '<h1>T</h1><p onclick="x()">a</p><script>evil()</script>' },
      { token },
    );
    expect(added.status).toBe(200);
    expect(added.body.content).toBe('<h2>T</h2><p>a</p>');
    const updated = await call(
      'PUT',
      'webnews/update',
      { id: added.body.id, content: '<iframe src="https://e.test"></iframe><p>b</p>' },
      { token },
    );
    expect(updated.body.content).toBe('<p>b</p>');
    const got = await call('GET', `webnews/get/${added.body.id}`, undefined, { token });
    expect(got.body.content).toBe('<p>b</p>');
  });
});
