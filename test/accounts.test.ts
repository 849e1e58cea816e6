import { eq, ne, and } from 'drizzle-orm';
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { getDb } from '../lib/db';
import { account } from '../lib/db/schema';
import { hashPassword } from '../lib/content/auth/passwords';
import { setSessionsLastSeen } from '../lib/content/auth/sessions';

withDatabase();

const PASSWORD = 'right password 1';
let serial = 0;
/** Each sign-in comes from its own address, so the per-address rate limit never interferes here. */
const nextIp = () => `10.20.${Math.floor(++serial / 250)}.${serial % 250}`;

async function createAccount(options: { role?: 0 | 1; password?: string; isDisabled?: boolean } = {}) {
  const username = `acct${++serial}`;
  const db = await getDb();
  const [row] = (await db
    .insert(account)
    .values({
      username,
      displayName: `Display ${username}`,
      role: options.role ?? 0,
      isDisabled: options.isDisabled ?? false,
      passwordHash: await hashPassword(options.password ?? PASSWORD),
    } as never)
    .returning({ id: account.id })) as { id: number }[];
  return { id: row.id, username };
}

async function storedAccount(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(account).where(eq(account.id, id));
  return row as unknown as {
    failedLogins: number;
    lockedUntil: Date | null;
    lastLoginAt: Date | null;
    role: number;
    isDisabled: boolean;
    passwordHash: string;
  };
}

const login = (username: string, password: string, language: 'tw' | 'en' = 'en') =>
  call('POST', 'account/login', { username, password }, { ip: nextIp(), language });

const check = (token?: string | null) => call('POST', 'account/checklogin', undefined, { token });

/** A JSON text must never carry a password or its hash, under any key. */
function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/password/i);
  expect(text).not.toContain('scrypt$');
}

describe('account/login', () => {
  test('the right password gives a token and locked:false', async () => {
    const { username } = await createAccount();
    const result = await login(username, PASSWORD);
    expect(result.status).toBe(200);
    expect(result.body.locked).toBe(false);
    expect(typeof result.body.token).toBe('string');
    expect(result.body.token.length).toBeGreaterThanOrEqual(32);
  });

  test('the username is matched without regard to case', async () => {
    const { username } = await createAccount();
    const result = await login(username.toUpperCase(), PASSWORD);
    expect(typeof result.body.token).toBe('string');
  });

  test('each sign-in gets a different token', async () => {
    const { username } = await createAccount();
    const first = await login(username, PASSWORD);
    const second = await login(username, PASSWORD);
    expect(first.body.token).not.toEqual(second.body.token);
  });

  test('a wrong password gives no token, locked:false and a message in the request language', async () => {
    const { id, username } = await createAccount();
    const en = await login(username, 'wrong password');
    expect(en.status).toBe(200);
    expect(en.body).toEqual({ token: null, locked: false, message: 'The username or password is incorrect.' });
    const tw = await login(username, 'wrong password', 'tw');
    expect(tw.body).toEqual({ token: null, locked: false, message: '帳號或密碼錯誤。' });
    expect((await storedAccount(id)).failedLogins).toBe(2);
  });

  test('an unknown username gets the same answer as a wrong password', async () => {
    const result = await login('nobody-here', PASSWORD);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ token: null, locked: false, message: 'The username or password is incorrect.' });
  });

  test('a missing username or password is a 400', async () => {
    for (const body of [
      { username: 'someone' },
      { password: 'x' },
      { username: '  ', password: 'something' },
      { username: 5, password: 'x' },
    ]) {
      const result = await call('POST', 'account/login', body, { ip: nextIp(), language: 'en' });
      expect(result.status).toBe(400);
      expect(result.body.message).toBe('Enter your username and password.');
    }
  });

  test('malformed JSON is a 400, not a 500', async () => {
    const result = await call('POST', 'account/login', undefined, {
      raw: '{"username":',
      ip: nextIp(),
      headers: { 'content-type': 'application/json' },
    });
    expect(result.status).toBe(400);
    expect(typeof result.body.message).toBe('string');
  });

  test('five failures lock the account for 15 minutes, even against the right password', async () => {
    const { id, username } = await createAccount();
    for (let i = 1; i <= 4; i++) {
      const result = await login(username, `wrong ${i}`);
      expect(result.body).toMatchObject({ token: null, locked: false });
    }
    const before = Date.now();
    const fifth = await login(username, 'wrong 5');
    expect(fifth.body.token).toBeNull();
    expect(fifth.body.locked).toBe(true);
    expect(fifth.body.message).toBe('Too many failed sign-ins: the account is locked. Try again in 15 minutes.');

    const stored = await storedAccount(id);
    expect(stored.lockedUntil).toBeInstanceOf(Date);
    const lockMs = stored.lockedUntil!.getTime() - before;
    expect(lockMs).toBeGreaterThan(14.9 * 60 * 1000);
    expect(lockMs).toBeLessThan(15.1 * 60 * 1000);

    const right = await login(username, PASSWORD);
    expect(right.status).toBe(200);
    expect(right.body.token).toBeNull();
    expect(right.body.locked).toBe(true);
    const tw = await login(username, PASSWORD, 'tw');
    expect(tw.body.message).toMatch(/帳號已鎖定/);
  });

  test('once the lock has expired the right password works and the failure count is reset', async () => {
    const { id, username } = await createAccount();
    for (let i = 0; i < 5; i++) await login(username, 'wrong');
    expect((await login(username, PASSWORD)).body.locked).toBe(true);

    const db = await getDb();
    await db
      .update(account)
      .set({ lockedUntil: new Date(Date.now() - 1000), failedLogins: 3 } as never)
      .where(eq(account.id, id));
    const result = await login(username, PASSWORD);
    expect(result.body.locked).toBe(false);
    expect(typeof result.body.token).toBe('string');
    const stored = await storedAccount(id);
    expect(stored.failedLogins).toBe(0);
    expect(stored.lockedUntil).toBeNull();
    expect(stored.lastLoginAt).toBeInstanceOf(Date);
  });

  test('an unknown username, a disabled account and a real one answer alike through the lockout', async () => {
    const real = await createAccount();
    const disabled = await createAccount({ isDisabled: true });
    const unknown = `nobody-${serial}`;
    for (let attempt = 1; attempt <= 7; attempt++) {
      const answers = await Promise.all(
        [real.username, disabled.username, unknown].map((name) => login(name, `wrong ${attempt}`)),
      );
      for (const answer of answers) expect(answer.status).toBe(200);
      expect(answers[1].body).toEqual(answers[0].body);
      expect(answers[2].body).toEqual(answers[0].body);
      expect(answers[0].body.locked).toBe(attempt >= 5);
    }
    // The right password of the real account is refused alike while locked.
    expect((await login(real.username, PASSWORD)).body).toEqual((await login(unknown, PASSWORD)).body);
    // Usernames are compared without regard to case, for unknown names too.
    expect((await login(unknown.toUpperCase(), 'x')).body.locked).toBe(true);
  });

  test('a disabled account cannot sign in', async () => {
    const { username } = await createAccount({ isDisabled: true });
    const result = await login(username, PASSWORD);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ token: null, locked: false });
  });
});

describe('account/checklogin and account/logout', () => {
  test('checklogin describes the signed-in account', async () => {
    const { username } = await createAccount({ role: 0 });
    const { token } = (await login(username, PASSWORD)).body;
    const result = await check(token);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ valid: true, role: 0, username, displayName: `Display ${username}` });

    const admin = await signedIn(1);
    expect((await check(admin.token)).body).toMatchObject({ valid: true, role: 1, username: admin.username });
  });

  test('checklogin without a token or with an unknown token is simply not valid', async () => {
    const none = await check(null);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ valid: false });
    const bad = await check('not-a-real-token');
    expect(bad.status).toBe(200);
    expect(bad.body).toEqual({ valid: false });
  });

  test('logout revokes the token, and only that token', async () => {
    const user = await signedIn(0);
    const other = (await login(user.username, 'correct horse battery')).body.token as string;
    expect((await call('POST', 'webnews/add', { title: 'before logout' }, { token: user.token })).status).toBe(200);

    const out = await call('POST', 'account/logout', undefined, { token: user.token });
    expect(out.status).toBe(200);
    expect((await check(user.token)).body).toEqual({ valid: false });
    const write = await call('POST', 'webnews/add', { title: 'after logout' }, { token: user.token, language: 'en' });
    expect(write.status).toBe(401);
    expect(typeof write.body.message).toBe('string');

    expect((await check(other)).body.valid).toBe(true);
  });

  test('logout without a token is harmless', async () => {
    const result = await call('POST', 'account/logout');
    expect(result.status).toBe(200);
  });
});

describe('account CRUD (Admin)', () => {
  let admin: { token: string; id: number };
  beforeAll(async () => {
    admin = await signedIn(1);
  });

  test('add, get, getlist, update and delete an account without ever returning a password', async () => {
    const added = await call(
      'POST',
      'account/add',
      {
        username: 'editor.one',
        displayName: 'Editor One',
        email: 'one@example.org',
        role: 0,
        password: 'a long password',
      },
      { token: admin.token },
    );
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      username: 'editor.one',
      displayName: 'Editor One',
      email: 'one@example.org',
      role: 0,
      isDisabled: false,
    });
    expect(typeof added.body.id).toBe('number');
    expectNoSecrets(added.body);
    const id = added.body.id as number;
    expect((await storedAccount(id)).passwordHash).toMatch(/^scrypt\$/);

    const got = await call('GET', `account/get/${id}`, undefined, { token: admin.token });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id, username: 'editor.one', role: 0 });
    expectNoSecrets(got.body);

    const list = await call('POST', 'account/getlist', { page: 1, pageSize: 100 }, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(2);
    expect(list.body.data.map((row: any) => row.username)).toContain('editor.one');
    expectNoSecrets(list.body);

    const updated = await call(
      'PUT',
      'account/update',
      { id, displayName: 'Editor 1', email: 'e1@example.org' },
      { token: admin.token },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      username: 'editor.one',
      displayName: 'Editor 1',
      email: 'e1@example.org',
    });
    expectNoSecrets(updated.body);

    const withPassword = await call(
      'PUT',
      'account/update',
      { id, password: 'another long one' },
      { token: admin.token },
    );
    expect(withPassword.status).toBe(200);
    expectNoSecrets(withPassword.body);

    // The new account signs in with its password.
    const { token } = (await login('editor.one', 'another long one')).body;
    expect(typeof token).toBe('string');

    const removed = await call('DELETE', `account/delete/${id}`, undefined, { token: admin.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id });
    expect((await call('GET', `account/get/${id}`, undefined, { token: admin.token })).status).toBe(404);
    // Its sessions went with it.
    expect((await check(token)).body).toEqual({ valid: false });
    expect((await login('editor.one', 'another long one')).body.token).toBeNull();
  });

  test('password and passwordHash cannot be read back nor set directly', async () => {
    const added = await call(
      'POST',
      'account/add',
      {
        username: 'sneaky',
        displayName: 'S',
        role: 0,
        password: 'a long password',
        passwordHash: 'scrypt$1$1$1$AAAA$AAAA',
        failedLogins: 99,
      },
      { token: admin.token },
    );
    expect(added.status).toBe(200);
    expectNoSecrets(added.body);
    const stored = await storedAccount(added.body.id);
    expect(stored.passwordHash).not.toBe('scrypt$1$1$1$AAAA$AAAA');
    expect(stored.failedLogins).toBe(0);
    expect(typeof (await login('sneaky', 'a long password')).body.token).toBe('string');
  });

  test('a username already taken, in any case, is a 400', async () => {
    const first = await call(
      'POST',
      'account/add',
      { username: 'Taken.Name', displayName: 'T', role: 0, password: 'a long password' },
      { token: admin.token },
    );
    expect(first.status).toBe(200);
    const again = await call(
      'POST',
      'account/add',
      { username: 'taken.name', displayName: 'T2', role: 0, password: 'a long password' },
      { token: admin.token, language: 'en' },
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already taken/);

    const other = await call(
      'POST',
      'account/add',
      { username: 'other.name', displayName: 'O', role: 0, password: 'a long password' },
      { token: admin.token },
    );
    const rename = await call(
      'PUT',
      'account/update',
      { id: other.body.id, username: 'TAKEN.NAME' },
      { token: admin.token },
    );
    expect(rename.status).toBe(400);
    // Keeping its own name is not a clash.
    const same = await call(
      'PUT',
      'account/update',
      { id: other.body.id, username: 'Other.Name' },
      { token: admin.token },
    );
    expect(same.status).toBe(200);
  });

  test('a password shorter than 8 characters is a 400, on add and on update', async () => {
    const short = await call(
      'POST',
      'account/add',
      { username: 'shorty', displayName: 'S', role: 0, password: 'seven77' },
      { token: admin.token, language: 'en' },
    );
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 8/);
    expect(short.body.errors).toEqual([expect.objectContaining({ field: 'password' })]);

    const ok = await call(
      'POST',
      'account/add',
      { username: 'shorty', displayName: 'S', role: 0, password: 'eight888' },
      { token: admin.token },
    );
    expect(ok.status).toBe(200);
    const update = await call('PUT', 'account/update', { id: ok.body.id, password: 'short' }, { token: admin.token });
    expect(update.status).toBe(400);
    expect(typeof (await login('shorty', 'eight888')).body.token).toBe('string');
  });

  test('a new account needs a password, a username and a valid role', async () => {
    const noPassword = await call(
      'POST',
      'account/add',
      { username: 'nopass', displayName: 'N', role: 0 },
      { token: admin.token },
    );
    expect(noPassword.status).toBe(400);
    const badRole = await call(
      'POST',
      'account/add',
      { username: 'badrole', displayName: 'B', role: 7, password: 'a long password' },
      { token: admin.token },
    );
    expect(badRole.status).toBe(400);
    const badName = await call(
      'POST',
      'account/add',
      { username: 'has space', displayName: 'B', role: 0, password: 'a long password' },
      { token: admin.token },
    );
    expect(badName.status).toBe(400);
  });

  test("changing a password revokes that account's sessions; other changes do not", async () => {
    const added = await call(
      'POST',
      'account/add',
      { username: 'rotating', displayName: 'R', role: 0, password: 'first password' },
      { token: admin.token },
    );
    const id = added.body.id as number;
    const token = (await login('rotating', 'first password')).body.token as string;
    const bystander = await signedIn(0);

    await call('PUT', 'account/update', { id, displayName: 'Renamed' }, { token: admin.token });
    expect((await check(token)).body.valid).toBe(true);

    const changed = await call('PUT', 'account/update', { id, password: 'second password' }, { token: admin.token });
    expect(changed.status).toBe(200);
    expect((await check(token)).body).toEqual({ valid: false });
    expect((await call('POST', 'webnews/add', { title: 'x' }, { token })).status).toBe(401);
    expect((await check(bystander.token)).body.valid).toBe(true);
    expect((await check(admin.token)).body.valid).toBe(true);

    expect((await login('rotating', 'first password')).body.token).toBeNull();
    expect(typeof (await login('rotating', 'second password')).body.token).toBe('string');
  });

  test('disabling an account ends its sessions', async () => {
    const user = await signedIn(0);
    const result = await call('PUT', 'account/update', { id: user.id, isDisabled: true }, { token: admin.token });
    expect(result.status).toBe(200);
    expect(result.body.isDisabled).toBe(true);
    expect((await check(user.token)).body).toEqual({ valid: false });
  });

  test('an unknown id is a 404, a malformed one a 400', async () => {
    expect((await call('GET', 'account/get/999999', undefined, { token: admin.token })).status).toBe(404);
    expect((await call('DELETE', 'account/delete/999999', undefined, { token: admin.token })).status).toBe(404);
    expect((await call('PUT', 'account/update', { id: 999999, displayName: 'x' }, { token: admin.token })).status).toBe(
      404,
    );
    expect((await call('GET', 'account/get/abc', undefined, { token: admin.token })).status).toBe(400);
  });
});

describe('account endpoints refuse anyone but an Admin', () => {
  const endpoints: [string, string, unknown][] = [
    ['POST', 'account/getlist', { page: 1, pageSize: 10 }],
    ['GET', 'account/get/1', undefined],
    ['POST', 'account/add', { username: 'intruder', displayName: 'I', role: 1, password: 'a long password' }],
    ['PUT', 'account/update', { id: 1, role: 0 }],
    ['DELETE', 'account/delete/1', undefined],
  ];

  test.each(endpoints)('%s %s: anonymous is 401', async (method, path, body) => {
    const result = await call(method, path, body, { language: 'en' });
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ message: 'Please sign in first.' });
  });

  test.each(endpoints)('%s %s: a User is 403', async (method, path, body) => {
    const user = await signedIn(0);
    const result = await call(method, path, body, { token: user.token, language: 'en' });
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ message: 'Your account is not allowed to do this.' });
  });

  test('nothing was changed by the refused calls', async () => {
    const db = await getDb();
    const intruders = await db.select().from(account).where(eq(account.username, 'intruder'));
    expect(intruders).toHaveLength(0);
  });
});

describe('the last enabled Admin', () => {
  test('cannot be deleted, demoted or disabled, but can once another Admin exists', async () => {
    const a = await signedIn(1);
    // Make `a` the only enabled Admin: disable every other one.
    const db = await getDb();
    await db
      .update(account)
      .set({ isDisabled: true } as never)
      .where(and(eq(account.role, 1), ne(account.id, a.id)));

    const lastAdmin = 'At least one enabled Admin account must remain.';
    const remove = await call('DELETE', `account/delete/${a.id}`, undefined, { token: a.token, language: 'en' });
    expect(remove.status).toBe(400);
    expect(remove.body.message).toBe(lastAdmin);
    const demote = await call('PUT', 'account/update', { id: a.id, role: 0 }, { token: a.token, language: 'en' });
    expect(demote.status).toBe(400);
    expect(demote.body.message).toBe(lastAdmin);
    const disable = await call(
      'PUT',
      'account/update',
      { id: a.id, isDisabled: true },
      { token: a.token, language: 'tw' },
    );
    expect(disable.status).toBe(400);
    expect(disable.body.message).toBe('至少要保留一個啟用中的管理者帳號。');
    expect(await storedAccount(a.id)).toMatchObject({ role: 1, isDisabled: false });
    expect((await check(a.token)).body).toMatchObject({ valid: true, role: 1 });

    // Another Admin appears: now `a` may be demoted.
    const b = await call(
      'POST',
      'account/add',
      { username: 'second.admin', displayName: 'B', role: 1, password: 'b password long' },
      { token: a.token },
    );
    expect(b.status).toBe(200);
    const bToken = (await login('second.admin', 'b password long')).body.token as string;
    expect((await call('PUT', 'account/update', { id: a.id, role: 0 }, { token: a.token })).status).toBe(200);
    expect((await check(a.token)).body.role).toBe(0);

    // b is the last one now.
    expect((await call('PUT', 'account/update', { id: b.body.id, isDisabled: true }, { token: bToken })).status).toBe(
      400,
    );
    expect((await call('DELETE', `account/delete/${b.body.id}`, undefined, { token: bToken })).status).toBe(400);

    // With a back as an Admin, b may disable it, and then delete it.
    expect((await call('PUT', 'account/update', { id: a.id, role: 1 }, { token: bToken })).status).toBe(200);
    expect((await call('PUT', 'account/update', { id: a.id, isDisabled: true }, { token: bToken })).status).toBe(200);
    // A disabled Admin does not count: b is the last enabled one again.
    expect((await call('PUT', 'account/update', { id: b.body.id, role: 0 }, { token: bToken })).status).toBe(400);
    expect((await call('PUT', 'account/update', { id: a.id, isDisabled: false }, { token: bToken })).status).toBe(200);
    expect((await call('DELETE', `account/delete/${a.id}`, undefined, { token: bToken })).status).toBe(200);
    expect((await call('DELETE', `account/delete/${b.body.id}`, undefined, { token: bToken })).status).toBe(400);
  });
});

// Last: these tests move every session's last-seen time.
describe('idle sessions', () => {
  test('a token idle for 7 hours still works; one idle for 9 hours is a 401 sessionExpired', async () => {
    const user = await signedIn(0);
    await setSessionsLastSeen(new Date(Date.now() - 7 * 60 * 60 * 1000));
    expect((await check(user.token)).body.valid).toBe(true);

    await setSessionsLastSeen(new Date(Date.now() - 9 * 60 * 60 * 1000));
    const write = await call('POST', 'webnews/add', { title: 'late' }, { token: user.token, language: 'en' });
    expect(write.status).toBe(401);
    expect(write.body).toEqual({ message: 'Your session has expired. Please sign in again.' });
    const read = await call('POST', 'webnews/getlist', { page: 1 }, { token: user.token, language: 'tw' });
    expect(read.status).toBe(401);
    expect(read.body).toEqual({ message: '登入已逾時，請重新登入。' });
    expect((await check(user.token)).body).toEqual({ valid: false });

    // Signing in again gives a working token.
    const fresh = (await login(user.username, 'correct horse battery')).body.token as string;
    expect((await call('POST', 'webnews/add', { title: 'again' }, { token: fresh })).status).toBe(200);
  });
});
