/**
 * The member area's passkey forms (lib/public/member/forms.ts): a Member's passkey signs in to the
 * member area and sets its session cookie; a staff account's passkey, an unknown one and a missing
 * answer do not, and the staff session the sign-in made is ended at once; a passkey is added and
 * removed (with the password) by the signed-in Member's forms.
 */
import { eq } from 'drizzle-orm';
import { memberSessionForToken, sessionForToken } from '../lib/content/auth/sessions';
import { resetConfig } from '../lib/config';
import { getDb } from '../lib/db';
import { accountPasskeys, auditLog, rateLimits, sessions } from '../lib/db/schema';
import { PEER_ADDRESS_HEADER } from '../lib/http/client-address';
import { submitMemberForm, type MemberForm } from '../lib/public/member/forms';
import { call, signedIn } from './helpers/api';
import { addRow } from './helpers/content';
import { withDatabase } from './helpers/database';
import { SoftAuthenticator } from './helpers/soft-authenticator';

process.env.SITE_URL = 'http://localhost:3000';
resetConfig();
withDatabase();

const PASSWORD = 'member passkey password';
const FORM_XSRF = 'a'.repeat(32);
let serial = 0;
const nextIp = () => `10.77.${Math.floor(++serial / 250)}.${serial % 250}`;

/** A member form posted as the member page would post it (same origin, its XSRF pair), with cookies. */
function post(name: MemberForm, fields: Record<string, string>, cookies: Record<string, string> = {}) {
  const body = new URLSearchParams({ xsrf: FORM_XSRF, ...fields });
  const cookie = Object.entries({ 'member-xsrf': FORM_XSRF, ...cookies })
    .map(([key, value]) => `${key}=${value}`)
    .join('; ');
  const request = new Request(`http://localhost:3000/en/member/forms/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost:3000',
      host: 'localhost:3000',
      cookie,
      [PEER_ADDRESS_HEADER]: nextIp(),
    },
    body,
  });
  return submitMemberForm(request, 'en', name);
}

const sessionCookie = (answer: Response) =>
  /session-member=([^;]+)/.exec(answer.headers.getSetCookie().join('\n'))?.[1] ?? null;

/** A passkey added through the API for the account of `token`. */
async function withPasskey(token: string) {
  const authenticator = new SoftAuthenticator();
  const options = await call('POST', 'account/passkey/options', undefined, { token, language: 'en', ip: nextIp() });
  const added = await call(
    'POST',
    'account/passkey/register',
    { name: 'Laptop', response: authenticator.create(options.body) },
    { token, language: 'en', ip: nextIp() },
  );
  expect(added.status).toBe(200);
  return authenticator;
}

/** The browser's answer to a sign-in by passkey alone, as the sign-in page's button posts it. */
async function assertion(authenticator: SoftAuthenticator) {
  const options = await call('POST', 'account/passkey/loginoptions', {}, { xsrf: false, ip: nextIp() });
  expect(options.status).toBe(200);
  return JSON.stringify(authenticator.get(options.body));
}

let admin: { token: string };
let member: { token: string; email: string };

beforeAll(async () => {
  admin = await signedIn(1);
  const institution = await addRow('webmemberdept', { name: 'Passkey Bank', category: 1 }, { token: admin.token });
  const email = 'passkeys@member.example';
  const added = await call(
    'POST',
    'account/add',
    { username: email, displayName: 'Lin Wei', email, role: 2, memberId: institution.id, password: PASSWORD },
    { token: admin.token },
  );
  expect(added.body).toMatchObject({ username: email });
  const login = await call('POST', 'account/login', { username: email, password: PASSWORD }, { ip: nextIp() });
  member = { token: login.body.token as string, email };
});

beforeEach(async () => {
  await (await getDb()).delete(rateLimits);
});

describe('passkey-login', () => {
  test("a Member's passkey signs in to the member area with the session cookie", async () => {
    const authenticator = await withPasskey(member.token);
    const answer = await post('passkey-login', { response: await assertion(authenticator) });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/en/member');
    const token = sessionCookie(answer);
    expect(token).toEqual(expect.any(String));
    expect((await memberSessionForToken(decodeURIComponent(token!)))?.account.username).toBe(member.email);
  });

  test("a staff account's passkey is refused, and the session it made is ended", async () => {
    const staff = await signedIn(0);
    const authenticator = await withPasskey(staff.token);
    const answer = await post('passkey-login', { response: await assertion(authenticator) });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/en/member/login?passkeyError=staffAccount');
    expect(sessionCookie(answer)).toBeNull();
    // The operation signed the account in and audited it; the member form ended that session at once.
    const db = await getDb();
    const signIns = await db.select().from(auditLog).where(eq(auditLog.rowId, staff.id));
    expect(signIns.some((row) => row.action === 'signIn' && row.summary === 'passkey')).toBe(true);
    expect(await db.select().from(sessions).where(eq(sessions.accountId, staff.id))).toHaveLength(1);
    expect(await sessionForToken(staff.token)).not.toBeNull();
  });

  test('an unknown passkey and a missing answer are refused without a session', async () => {
    const unknown = await post('passkey-login', { response: await assertion(new SoftAuthenticator()) });
    expect(unknown.headers.get('location')).toBe('/en/member/login?passkeyError=passkeyFailed');
    expect(sessionCookie(unknown)).toBeNull();
    const missing = await post('passkey-login', { response: 'not json' });
    expect(missing.headers.get('location')).toBe('/en/member/login?passkeyError=invalid');
    expect(sessionCookie(missing)).toBeNull();
  });

  test('a post without the XSRF pair is refused before the operation', async () => {
    const answer = await post('passkey-login', { xsrf: 'b'.repeat(32), response: '{}' });
    expect(answer.headers.get('location')).toBe('/en/member/login?passkeyError=xsrf');
  });
});

describe('passkey-add and passkey-remove', () => {
  test("the signed-in Member's forms: a name is needed, the password removes it", async () => {
    const db = await getDb();
    const before = await db.select().from(accountPasskeys);
    const signedInCookie = { 'session-member': encodeURIComponent(member.token) };
    const unnamed = await post('passkey-add', { name: ' ', response: '{}' }, signedInCookie);
    expect(unnamed.headers.get('location')).toBe('/en/member?passkeyError=passkeyName&n=100');

    const [passkey] = before.filter((row) => row.name === 'Laptop');
    const wrong = await post('passkey-remove', { id: String(passkey.id), password: 'wrong' }, signedInCookie);
    expect(wrong.headers.get('location')).toBe('/en/member?passkeyError=passwordWrong');
    const removed = await post('passkey-remove', { id: String(passkey.id), password: PASSWORD }, signedInCookie);
    expect(removed.headers.get('location')).toBe('/en/member?passkey=removed');
    expect(await db.select().from(accountPasskeys).where(eq(accountPasskeys.id, passkey.id))).toEqual([]);
    const again = await post('passkey-remove', { id: String(passkey.id), password: PASSWORD }, signedInCookie);
    expect(again.headers.get('location')).toBe('/en/member?passkeyError=passkeyGone');
  });

  test('without a session the forms lead to the sign-in', async () => {
    const answer = await post('passkey-remove', { id: '1', password: PASSWORD });
    expect(answer.headers.get('location')).toBe('/en/member/login');
  });
});
