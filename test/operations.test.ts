/**
 * Content operations called directly, with no HTTP: the rules the API applies (access, validation,
 * sanitising, hooks, the contact form's limit) hold for any caller that builds an Actor.
 */
import { operator, visitor, type Actor } from '../lib/content/model/actor';
import { ContentError } from '../lib/content/model/errors';
import { createAdmin, sessionStatus, signIn, signOut } from '../lib/content/operations/account';
import { sendContactMessage } from '../lib/content/operations/contact';
import * as content from '../lib/content/operations/resource';
import { findResource } from '../lib/content/model/registry';
import { Role } from '../lib/content/model/roles';
import { accountForToken } from '../lib/content/auth/sessions';
import { clearContent } from './helpers/content';
import { withDatabase } from './helpers/database';

withDatabase();
beforeEach(clearContent);

const news = findResource('webnews')!;
const admin: Actor = {
  language: 'en',
  account: { id: 1, username: 'admin', displayName: 'Admin', role: Role.Admin },
  clientAddress: '192.0.2.1',
};

/** The refusal an operation throws, or fails the test when it does not refuse. */
async function refusal(operation: Promise<unknown>): Promise<ContentError> {
  try {
    await operation;
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error('the operation did not refuse');
}

describe('generic operations', () => {
  test('add sanitises rich text and returns the stored row; a visitor then reads it', async () => {
    const row = await content.add(admin, news, { title: 'Opened', content: '<p>hi</p><script>alert(1)</script>' });
    expect(row.content).toBe('<p>hi</p>');
    expect(row.updatedBy).toBe(1);
    const seen = await content.get(visitor('en'), news, Number(row.id));
    expect(seen.title).toBe('Opened');
    const page = await content.list(visitor('en'), news, { pageSize: 5 });
    expect(page.rows.map((r) => r.id)).toEqual([row.id]);
    expect(page.total).toBe(1);
  });

  test('refusals are typed: unauthorized, invalid with field issues, not found, conflict', async () => {
    expect((await refusal(content.add(visitor('en'), news, { title: 'x' }))).kind).toBe('unauthorized');
    const invalid = await refusal(content.add(admin, news, { summary: 'no title' }));
    expect(invalid.kind).toBe('invalid');
    expect(invalid.issues.map((issue) => issue.field)).toEqual(['title']);
    expect(invalid.messageIn('en')).toMatch(/Title/);
    expect((await refusal(content.get(admin, news, 999_999))).kind).toBe('notFound');
    expect((await refusal(content.get(admin, news, 'abc'))).key).toBe('invalidId');
    const type = await content.add(admin, findResource('webbulletintype')!, { name: 'Board' });
    await content.add(admin, findResource('webbulletin')!, { typeId: type.id, title: 'In use' });
    const inUse = await refusal(content.remove(admin, findResource('webbulletintype')!, Number(type.id)));
    expect([inUse.kind, inUse.key]).toEqual(['conflict', 'inUse']);
  });

  test('an expired credential is refused even on a public read', async () => {
    const expired: Actor = { ...visitor('tw'), expired: true };
    const error = await refusal(content.list(expired, news));
    expect([error.kind, error.key]).toEqual(['unauthorized', 'sessionExpired']);
  });

  test('move renumbers siblings', async () => {
    const types = findResource('webbulletintype')!;
    const [a, b] = [await content.add(admin, types, { name: 'A' }), await content.add(admin, types, { name: 'B' })];
    const moved = await content.move(admin, types, Number(b.id), 1);
    expect(moved.map((row) => row.id)).toEqual([b.id, a.id]);
  });
});

describe('the contact operation', () => {
  const letter = { name: 'Mary', email: 'mary@example.com', subject: 'Exams', message: 'When?' };

  test('stores a message and applies the per-address limit to every caller', async () => {
    const sender = visitor('en', '203.0.113.77');
    for (let i = 0; i < 5; i++) expect((await sendContactMessage(sender, letter)).status).toBe(0);
    const limited = await refusal(sendContactMessage(sender, letter));
    expect(limited.kind).toBe('tooMany');
    expect(limited.retryAfter).toBeGreaterThan(0);
  });
});

describe('account operations', () => {
  const user: Actor = {
    language: 'en',
    account: { id: 2, username: 'user', displayName: 'User', role: Role.User },
    clientAddress: '192.0.2.3',
  };

  test('only an Admin or the operator at the console may create an Admin', async () => {
    expect(
      (await refusal(createAdmin(visitor('en'), { username: 'nobody-admin', password: 'long enough password' }))).kind,
    ).toBe('unauthorized');
    expect(
      (await refusal(createAdmin(user, { username: 'user-made-admin', password: 'long enough password' }))).kind,
    ).toBe('forbidden');
    expect(await createAdmin(operator(), { username: 'console-admin', password: 'long enough password' })).toBe(true);
    expect(await createAdmin(operator(), { username: 'Console-Admin', password: 'another password' })).toBe(false);
  });

  test('sign-in, the session it opens, and sign-out, called without HTTP', async () => {
    await createAdmin(operator(), { username: 'direct-admin', password: 'long enough password' });
    const caller = visitor('en', '192.0.2.44');
    const wrong = await signIn(caller, { username: 'direct-admin', password: 'wrong password' });
    expect(wrong).toEqual({ token: null, locked: false, message: expect.any(String) });
    expect((await refusal(signIn(caller, { username: 'direct-admin' }))).key).toBe('loginMissing');
    const { token } = await signIn(caller, { username: 'direct-admin', password: 'long enough password' });
    expect(token).toEqual(expect.any(String));
    const account = await accountForToken(token!);
    expect(await sessionStatus({ ...caller, account })).toMatchObject({
      valid: true,
      username: 'direct-admin',
      role: Role.Admin,
    });
    await signOut({ ...caller, account }, token);
    expect(await accountForToken(token!)).toBeNull();
    expect(await sessionStatus(caller)).toEqual({ valid: false });
  });
});
