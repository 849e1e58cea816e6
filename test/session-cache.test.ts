import { eq } from 'drizzle-orm';
import { accountForToken, hashToken, SESSION_CACHE_MS } from '../lib/content/auth/sessions';
import { getDb } from '../lib/db';
import { account, sessions } from '../lib/db/schema';
import { call, signedIn } from './helpers/api';
import { withDatabase } from './helpers/database';

withDatabase();

const checkLogin = (token: string) => call('POST', 'account/checklogin', {}, { token });

test('a checked session is trusted for SESSION_CACHE_MS: a change made behind this process shows when that runs out', async () => {
  const user = await signedIn(0);
  const now = Date.now();
  expect((await accountForToken(user.token, new Date(now)))?.id).toBe(user.id);
  // Another app server disables the account (here: straight in the database).
  const db = await getDb();
  await db
    .update(account)
    .set({ isDisabled: true } as never)
    .where(eq(account.id, user.id));
  expect((await accountForToken(user.token, new Date(now + SESSION_CACHE_MS - 1)))?.id).toBe(user.id);
  expect(await accountForToken(user.token, new Date(now + SESSION_CACHE_MS))).toBeNull();
});

test('signing out here is seen at once, even with the session remembered', async () => {
  const user = await signedIn(0);
  expect((await checkLogin(user.token)).status).toBe(200);
  expect((await call('POST', 'account/logout', {}, { token: user.token })).status).toBe(200);
  expect((await call('POST', 'webnews/getlist', {}, { token: user.token })).status).toBe(401);
});

test('an account change made here is seen at once: a demoted Admin loses Admin calls on the next request', async () => {
  const admin = await signedIn(1);
  const other = await signedIn(1);
  expect((await call('POST', 'account/getlist', {}, { token: other.token })).status).toBe(200);
  expect((await call('PUT', 'account/update', { id: other.id, role: 0 }, { token: admin.token })).status).toBe(200);
  expect((await call('POST', 'account/getlist', {}, { token: other.token })).status).toBe(403);
});

test('an unknown token is not remembered: once the session exists it is accepted', async () => {
  const user = await signedIn(0);
  const token = 'not-yet-a-session-token-0123456789abcdef';
  expect(await accountForToken(token)).toBeNull();
  const db = await getDb();
  await db.insert(sessions).values({ tokenHash: hashToken(token), accountId: user.id });
  expect((await accountForToken(token))?.id).toBe(user.id);
});
