/**
 * Contact messages (webcontact): the public `add` with its rate limit
 * and captcha, `addByAcc` for signed-in accounts, the back-office inbox, and no delete.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { message } from './helpers/content';
import { getDb } from '../lib/db';
import { rateLimits, webcontact } from '../lib/db/schema';
import { useLocalCaptchaVerifier } from './helpers/captcha';

withDatabase();

let admin: string;
let user: string;
let userId: number;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
  const signedInUser = await signedIn(0);
  user = signedInUser.token;
  userId = signedInUser.id;
});

let serial = 0;
/** Each visitor gets an address of its own, so the per-address limit only bites where a test wants it. */
const nextIp = () => `203.0.113.${++serial}`;

const letter = (overrides: Record<string, unknown> = {}) => ({
  name: '王小明',
  email: 'ming@example.com',
  phone: '02-1234-5678',
  subject: '入會申請',
  message: '請問如何申請入會？',
  ...overrides,
});

const send = (body: unknown, options: { ip?: string; language?: 'tw' | 'en'; token?: string } = {}) =>
  call('POST', 'webcontact/add', body, {
    ip: options.ip ?? nextIp(),
    language: options.language,
    token: options.token,
  });

const inbox = (body: Record<string, unknown> = {}, options: { token?: string; language?: 'tw' | 'en' } = {}) =>
  call('POST', 'webcontact/getlist', { pageSize: 100, ...body }, { token: user, ...options });

describe('webcontact/add (public)', () => {
  test('a visitor sends a message and gets only its id back', async () => {
    const result = await send(letter());
    expect(result.status).toBe(200);
    expect(Object.keys(result.body)).toEqual(['id']);
    expect(Number.isInteger(result.body.id)).toBe(true);
  });

  test('the message reaches the back-office inbox as new, in the request language, with no account', async () => {
    const tw = await send(letter({ subject: '中文來信' }), { language: 'tw' });
    const en = await send(letter({ subject: 'English letter', name: 'Mary' }), { language: 'en' });
    const chinese = await inbox({}, { language: 'tw' });
    expect(chinese.status).toBe(200);
    const row = chinese.body.data.find((r: { id: number }) => r.id === tw.body.id);
    expect(row).toMatchObject({
      ...letter({ subject: '中文來信' }),
      status: 0,
      lang: 'tw',
      accountId: null,
      replyNote: null,
    });
    expect(chinese.body.data.some((r: { id: number }) => r.id === en.body.id)).toBe(false);
    const english = await call('GET', `webcontact/get/${en.body.id}`, undefined, { token: admin, language: 'en' });
    expect(english.body).toMatchObject({
      subject: 'English letter',
      name: 'Mary',
      status: 0,
      lang: 'en',
      accountId: null,
    });
  });

  test('a visitor cannot set the status, reply note or account', async () => {
    const result = await send(letter({ status: 2, replyNote: 'done already', accountId: userId, lang: 'en', id: 1 }));
    expect(result.status).toBe(200);
    const stored = await call('GET', `webcontact/get/${result.body.id}`, undefined, { token: user });
    expect(stored.body).toMatchObject({ status: 0, replyNote: null, accountId: null, lang: 'tw' });
  });

  test('text is trimmed and the phone is optional', async () => {
    const result = await send(letter({ name: '  Spacey  ', phone: undefined }));
    const stored = await call('GET', `webcontact/get/${result.body.id}`, undefined, { token: user });
    expect(stored.body).toMatchObject({ name: 'Spacey', phone: null });
  });

  test('missing and malformed fields are a 400 with every field named, in the request language', async () => {
    const result = await send(
      { email: 'not-an-address', message: 'x'.repeat(5001), phone: 'p'.repeat(51) },
      { language: 'en' },
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('en', 'required', { field: 'Name' }));
    expect(result.body.errors).toEqual([
      { field: 'name', message: message('en', 'required', { field: 'Name' }) },
      { field: 'email', message: message('en', 'notEmail', { field: 'E-mail' }) },
      { field: 'phone', message: message('en', 'tooLong', { field: 'Phone', max: 50 }) },
      { field: 'subject', message: message('en', 'required', { field: 'Subject' }) },
      { field: 'message', message: message('en', 'tooLong', { field: 'Message', max: 5000 }) },
    ]);
    const chinese = await send(letter({ subject: '   ' }), { language: 'tw' });
    expect(chinese.status).toBe(400);
    expect(chinese.body.message).toBe(message('tw', 'required', { field: '主旨' }));
  });

  test('malformed JSON is a 400, not a 500', async () => {
    const result = await call('POST', 'webcontact/add', undefined, {
      raw: '{"name":',
      ip: nextIp(),
      headers: { 'content-type': 'application/json' },
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'badJson'));
  });

  test('after 5 messages from one address the 6th is a 429 with Retry-After; other addresses still send', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await send(letter({ subject: `#${i}` }), { ip })).status).toBe(200);
    const blocked = await send(letter(), { ip, language: 'en' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/^Too many attempts/);
    expect((await send(letter())).status).toBe(200);
  });

  test('concurrent messages from one address are all counted', async () => {
    const ip = nextIp();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(letter({ subject: `burst ${i}` }), { ip })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
  });

  test('a rejected form does not use up the limit', async () => {
    const ip = nextIp();
    for (let i = 0; i < 6; i++) expect((await send({ name: 'only a name' }, { ip })).status).toBe(400);
    expect((await send(letter(), { ip })).status).toBe(200);
  });

  test('the limit window is kept in the database', async () => {
    const ip = nextIp();
    await send(letter(), { ip });
    const db = await getDb();
    const rows = await db.select().from(rateLimits);
    expect(rows.some((r) => r.bucket === 'contact' && r.key === ip && r.hits === 1)).toBe(true);
  });

  test('signed-in accounts may use the public form too', async () => {
    const result = await send(letter(), { token: user });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body)).toEqual(['id']);
  });

  test('the XSRF check applies', async () => {
    const result = await call('POST', 'webcontact/add', letter(), { ip: nextIp(), xsrf: false });
    expect(result.status).toBe(403);
  });
});

describe('captcha on the contact form', () => {
  const { seen } = useLocalCaptchaVerifier('contact-secret', {
    good: { success: true, score: 0.9, action: 'contact' },
    low: { success: true, score: 0.1, action: 'contact' },
    login: { success: true, score: 0.9, action: 'login' },
    bad: { success: false, 'error-codes': ['invalid-input-response'] },
  });

  test('a good token is accepted, and the verifier is asked with the secret and the client address', async () => {
    const ip = nextIp();
    const result = await send(letter({ captchaToken: 'good' }), { ip });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body)).toEqual(['id']);
    const asked = seen[seen.length - 1];
    expect(asked.get('secret')).toBe('contact-secret');
    expect(asked.get('response')).toBe('good');
    expect(asked.get('remoteip')).toBe(ip);
  });

  test.each([
    ['a missing token', undefined],
    ['a token that is not text', 42],
    ['a rejected token', 'bad'],
    ['a low score', 'low'],
    ['a token made for sign-in', 'login'],
  ])('%s is a 400 and stores nothing', async (_, captchaToken) => {
    const subject = `captcha ${String(captchaToken)}`;
    const result = await send(letter({ captchaToken, subject }), { language: 'en' });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ message: message('en', 'captchaFailed') });
    const db = await getDb();
    const rows = await db.select({ subject: webcontact.subject }).from(webcontact);
    expect(rows.some((r) => r.subject === subject)).toBe(false);
  });

  test('a form with errors is refused before the verifier is asked', async () => {
    const before = seen.length;
    const result = await send({ captchaToken: 'good' });
    expect(result.status).toBe(400);
    expect(seen.length).toBe(before);
  });

  test('addByAcc needs no captcha', async () => {
    const before = seen.length;
    const result = await call('POST', 'webcontact/addByAcc', letter(), { token: user });
    expect(result.status).toBe(200);
    expect(seen.length).toBe(before);
  });
});

describe('webcontact/addByAcc', () => {
  test('needs a valid token', async () => {
    const anonymous = await call('POST', 'webcontact/addByAcc', letter(), { language: 'en' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(message('en', 'unauthorized'));
    const stale = await call('POST', 'webcontact/addByAcc', letter(), { token: 'expired' });
    expect(stale.status).toBe(401);
  });

  test('stores the account and returns the row', async () => {
    const result = await call(
      'POST',
      'webcontact/addByAcc',
      letter({ subject: 'From a member', accountId: 999, status: 2 }),
      { token: user, language: 'en' },
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      ...letter({ subject: 'From a member' }),
      accountId: userId,
      status: 0,
      lang: 'en',
    });
    expect(typeof result.body.id).toBe('number');
    const stored = await call('GET', `webcontact/get/${result.body.id}`, undefined, { token: admin, language: 'en' });
    expect(stored.body).toMatchObject({ accountId: userId, subject: 'From a member' });
  });

  test('the spelling of the path does not matter', async () => {
    expect((await call('POST', 'webcontact/addbyacc', letter(), { token: user })).status).toBe(200);
  });

  test('validates like add', async () => {
    const result = await call('POST', 'webcontact/addByAcc', letter({ email: 'nope' }), {
      token: user,
      language: 'en',
    });
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual([{ field: 'email', message: message('en', 'notEmail', { field: 'E-mail' }) }]);
  });
});

describe('the back-office inbox', () => {
  test('list and get are for signed-in accounts only', async () => {
    const sent = await send(letter());
    expect((await call('POST', 'webcontact/getlist', {})).status).toBe(401);
    expect((await call('GET', `webcontact/get/${sent.body.id}`)).status).toBe(401);
    expect((await inbox({}, { token: admin })).status).toBe(200);
  });

  test('keyword search finds a message', async () => {
    const sent = await send(letter({ subject: '找得到的主旨 needle' }));
    const result = await inbox({ keyword: 'needle' });
    expect(result.body.data.map((r: { id: number }) => r.id)).toContain(sent.body.id);
  });

  test('staff set the status and a reply note; what the sender wrote stays as received', async () => {
    const sent = await send(letter({ name: 'Original' }));
    const result = await call(
      'PUT',
      'webcontact/update',
      { id: sent.body.id, status: 1, replyNote: '已回電', name: 'Rewritten', message: 'changed' },
      { token: user },
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ status: 1, replyNote: '已回電', name: 'Original', message: letter().message });
    const closed = await call('PUT', 'webcontact/update', { id: sent.body.id, status: 2 }, { token: admin });
    expect(closed.body.status).toBe(2);
    const invalid = await call('PUT', 'webcontact/update', { id: sent.body.id, status: 7 }, { token: admin });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(message('tw', 'notChoice', { field: '狀態' }));
    // Messages belong to the language they were sent in, like every content row.
    expect(
      (await call('PUT', 'webcontact/update', { id: sent.body.id, status: 1 }, { token: admin, language: 'en' }))
        .status,
    ).toBe(404);
    expect((await call('PUT', 'webcontact/update', { id: sent.body.id, status: 1 })).status).toBe(401);
  });

  test('messages are never deleted: there is no delete call', async () => {
    const sent = await send(letter());
    const result = await call('DELETE', `webcontact/delete/${sent.body.id}`, undefined, { token: admin });
    expect([404, 405]).toContain(result.status);
    expect((await call('GET', `webcontact/get/${sent.body.id}`, undefined, { token: admin })).status).toBe(200);
  });
});

describe('the inbox filters by status', () => {
  test('getlist/{status} lists only that status; plain getlist lists all; an unknown status is a 400', async () => {
    const staff = await signedIn(0);
    const first = await call(
      'POST',
      'webcontact/addByAcc',
      { name: '甲', email: 'a@example.org', subject: '詢問', message: '內容' },
      { token: staff.token },
    );
    const second = await call(
      'POST',
      'webcontact/addByAcc',
      { name: '乙', email: 'b@example.org', subject: '詢問', message: '內容' },
      { token: staff.token },
    );
    expect(
      (await call('PUT', 'webcontact/update', { id: second.body.id, status: 2 }, { token: staff.token })).status,
    ).toBe(200);
    const fresh = await call('POST', 'webcontact/getlist/0', { pageSize: 9999 }, { token: staff.token });
    const closed = await call('POST', 'webcontact/getlist/2', { pageSize: 9999 }, { token: staff.token });
    const everything = await call('POST', 'webcontact/getlist', { pageSize: 9999 }, { token: staff.token });
    const idsOf = (r: { body: { data: { id: number }[] } }) => r.body.data.map((row) => row.id);
    expect(idsOf(fresh)).toContain(first.body.id);
    expect(idsOf(fresh)).not.toContain(second.body.id);
    expect(idsOf(closed)).toEqual(expect.arrayContaining([second.body.id]));
    expect(idsOf(closed)).not.toContain(first.body.id);
    expect(idsOf(everything)).toEqual(expect.arrayContaining([first.body.id, second.body.id]));
    expect((await call('POST', 'webcontact/getlist/7', {}, { token: staff.token })).status).toBe(400);
    expect((await call('POST', 'webcontact/getlist/0', {})).status).toBe(401);
  });
});
