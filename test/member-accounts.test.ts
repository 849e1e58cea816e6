/**
 * Member accounts: an Admin invites a member institution's contact (`member/invite`), the mailed
 * link (through a real SMTP server) sets a password once within 7 days and makes a Member of that
 * institution, `account/getlist` shows the institution, and a Member gets 403 from every staff call
 * of the route table; the member area's and their own account's are theirs, the others a visitor's.
 */
import { eq } from 'drizzle-orm';
import { allowedForMembers, buildRoutes } from '../lib/api/routes';
import { INVITATION_MS } from '../lib/content/operations/member-invitations';
import { policyCovers } from '../lib/content/operations/second-factor-policy';
import { Role } from '../lib/content/model/roles';
import { getDb } from '../lib/db';
import { account, auditLog, memberInvitations, rateLimits } from '../lib/db/schema';
import { deliverDueMail } from '../lib/mail/queue';
import { call, signedIn } from './helpers/api';
import { addRow, message } from './helpers/content';
import { MAIL_SITE, withDatabaseAndMail } from './helpers/mail-fixture';
import { linkIn } from './helpers/smtp';

const { smtp } = withDatabaseAndMail();
const SITE = MAIL_SITE;
const PASSWORD = 'member password 1';
let admin: { token: string; id: number };
let institution: { id: number; name: string };
let serial = 0;
const nextIp = () => `198.51.100.${++serial}`;

beforeAll(async () => {
  admin = await signedIn(1);
  institution = await addRow('webmemberdept', { name: '台灣測試公司', category: 1 }, { token: admin.token });
});

beforeEach(async () => {
  const db = await getDb();
  await db.delete(rateLimits);
});

const invite = (body: Record<string, unknown>, token: string | null = admin.token, language: 'tw' | 'en' = 'tw') =>
  call('POST', 'member/invite', body, { token, language, ip: nextIp() });
const welcome = (body: Record<string, unknown>, language: 'tw' | 'en' = 'tw') =>
  call('POST', 'member/welcome', body, { xsrf: false, language, ip: nextIp() });

/** Invites an address and returns the token of the mail that arrives. */
async function invitedToken(email: string, options: { keyContact?: boolean; language?: 'tw' | 'en' } = {}) {
  const language = options.language ?? 'tw';
  const before = smtp.received.length;
  const answer = await invite(
    { memberId: institution.id, email, name: 'Chen Mei', keyContact: options.keyContact ?? false },
    admin.token,
    language,
  );
  expect(answer.status).toBe(200);
  await deliverDueMail();
  const mails = await smtp.waitFor(before + 1);
  const mail = mails[before];
  const link = linkIn(mail, `${SITE}/${language}/member/welcome?token=`);
  return { answer: answer.body, mail, token: new URL(link).searchParams.get('token')! };
}

/** A Member of the test institution, signed in through account/login. */
async function member(email: string) {
  const { token } = await invitedToken(email);
  expect((await welcome({ token, password: PASSWORD })).status).toBe(200);
  const login = await call('POST', 'account/login', { username: email, password: PASSWORD }, { ip: nextIp() });
  expect(login.body.token).toEqual(expect.any(String));
  return { token: login.body.token as string, email };
}

describe('member/invite', () => {
  test('an address with a + (a sub-address) is invited, mailed at that address and signs in by it', async () => {
    const email = 'chen+trust@member.example';
    const { mail } = await invitedToken(email);
    expect(mail.envelopeTo).toEqual([email]);
    const signedIn = await member('lin+dues@member.example');
    const status = await call('POST', 'account/checklogin', undefined, { token: signedIn.token });
    expect(status.body).toMatchObject({ valid: true, role: 2, username: 'lin+dues@member.example' });
  });

  test('mails the contact, in the request language, a link valid for 7 days; the token is stored only as a hash', async () => {
    for (const language of ['tw', 'en'] as const) {
      const email = `first-${language}@member.example`;
      const { answer, mail, token } = await invitedToken(email, { keyContact: true, language });
      expect(answer).toMatchObject({ memberId: institution.id, email, name: 'Chen Mei', keyContact: true });
      expect(mail.envelopeTo).toEqual([email]);
      expect(mail.subject).toContain(institution.name);
      expect(mail.text).toContain(language === 'tw' ? '7 天' : '7 days');
      const db = await getDb();
      const [stored] = await db.select().from(memberInvitations).where(eq(memberInvitations.id, answer.id));
      expect(stored.tokenHash).not.toBe(token);
      expect(Math.abs(stored.expiresAt.getTime() - stored.createdAt.getTime() - INVITATION_MS)).toBeLessThan(5000);
    }
  });

  test('only Admins invite: a visitor 401, a User 403', async () => {
    const body = { memberId: institution.id, email: 'x@member.example', name: 'X' };
    expect((await invite(body, null)).status).toBe(401);
    expect((await invite(body, (await signedIn(0)).token)).status).toBe(403);
  });

  test('bad input is a 400 per field in the request language', async () => {
    const refused = await invite({ memberId: 'nope', email: 'not an address', name: '' }, admin.token, 'en');
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((issue: { field: string }) => issue.field).sort()).toEqual([
      'email',
      'memberId',
      'name',
    ]);
    expect(refused.body.message).toBe(message('en', 'memberInstitutionRequired'));
    const unknown = await invite({ memberId: 999999, email: 'y@member.example', name: 'Y' });
    expect(unknown.status).toBe(400);
    expect(
      (await invite({ memberId: institution.id, email: 'z@member.example', name: 'Z', keyContact: 'yes' })).status,
    ).toBe(400);
  });

  test('an address that names an account already is refused', async () => {
    const taken = await signedIn(0);
    const db = await getDb();
    await db
      .update(account)
      .set({ username: 'taken@member.example' } as never)
      .where(eq(account.id, taken.id));
    const refused = await invite(
      { memberId: institution.id, email: 'Taken@Member.example', name: 'T' },
      admin.token,
      'en',
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message('en', 'memberEmailTaken'));
  });
});

describe('member/welcome', () => {
  test('sets the password once and makes a Member of the institution; the audit log records both steps', async () => {
    const email = 'welcome@member.example';
    const { token } = await invitedToken(email, { keyContact: true });
    // A password the rules refuse does not use the link up.
    const weak = await welcome({ token, password: 'x' }, 'en');
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0].field).toBe('password');
    const accepted = await welcome({ token, password: PASSWORD }, 'en');
    expect(accepted).toMatchObject({ status: 200, body: { ok: true, username: email } });
    const again = await welcome({ token, password: PASSWORD }, 'en');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(message('en', 'invitationInvalid'));
    const db = await getDb();
    const [made] = await db.select().from(account).where(eq(account.username, email));
    expect(made).toMatchObject({ role: 2, memberId: institution.id, keyContact: true, email, displayName: 'Chen Mei' });
    const actions = (await db.select().from(auditLog)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['memberInvite', 'memberJoin']));
  });

  test('a resent invitation replaces the earlier link; an expired or made-up token is refused', async () => {
    const email = 'resent@member.example';
    const first = await invitedToken(email);
    const second = await invitedToken(email);
    expect((await welcome({ token: first.token, password: PASSWORD })).status).toBe(400);
    const db = await getDb();
    await db
      .update(memberInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberInvitations.email, email));
    expect((await welcome({ token: second.token, password: PASSWORD })).status).toBe(400);
    expect((await welcome({ token: 'A'.repeat(43), password: PASSWORD })).status).toBe(400);
    expect((await welcome({ token: '../x', password: PASSWORD })).status).toBe(400);
  });
});

describe('a Member', () => {
  test('gets 403 from every staff call of the route table, and what a visitor gets from the others', async () => {
    const { token } = await member('routes@member.example');
    const routes = buildRoutes();
    expect(routes.length).toBeGreaterThan(200);
    const refused: string[] = [];
    const allowed: string[] = [];
    for (const route of routes) {
      // The open ones are not called here (account/logout would end the session the others use).
      if (allowedForMembers(route)) {
        allowed.push(`${route.method} ${route.path}`);
        continue;
      }
      const path = route.path.replace(/:\w+/g, '1');
      const body = route.method === 'GET' ? undefined : {};
      const result = await call(route.method, path, body, { token, ip: nextIp() });
      // A visitor's call (the site's search, a sign-up) is open to a Member browsing the site, as a visitor.
      const asVisitor = await call(route.method, path, body, { ip: nextIp() });
      const expected = asVisitor.status === 401 ? 403 : asVisitor.status;
      if (result.status !== expected) refused.push(`${route.method} ${route.path} → ${result.status}, not ${expected}`);
    }
    expect(refused).toEqual([]);
    // What stays open is the member area and the account's own security: nothing of the back office.
    for (const call of allowed)
      expect(call).toMatch(/^(GET|POST|PUT|DELETE) (member\/|account\/|websetting\/webinfo$)/);
    expect(allowed).toEqual(expect.arrayContaining(['POST account/checklogin', 'POST member/invite']));
  });

  test('is refused the Admins-only invitation, reads settings as a visitor does, and sees their session', async () => {
    const { token } = await member('calls@member.example');
    expect((await invite({ memberId: institution.id, email: 'c@member.example', name: 'C' }, token)).status).toBe(403);
    const status = await call('POST', 'account/checklogin', undefined, { token });
    expect(status.body).toMatchObject({ valid: true, role: 2, username: 'calls@member.example' });
    // Their own account's security and sessions are theirs, as every account's.
    expect((await call('GET', 'account/security', undefined, { token })).body).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
    });
    const own = await call('POST', 'account/sessions', {}, { token });
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(1);
    const asMember = await call('GET', 'websetting/webinfo', undefined, { token });
    const asVisitor = await call('GET', 'websetting/webinfo');
    expect(asMember.status).toBe(200);
    expect(asMember.body).toEqual(asVisitor.body);
  });
});

describe('account/getlist', () => {
  test('shows Members with their institution', async () => {
    await member('listed@member.example');
    const list = await call('POST', 'account/getlist', { pageSize: 100 }, { token: admin.token });
    expect(list.status).toBe(200);
    const row = list.body.data.find((entry: { username: string }) => entry.username === 'listed@member.example');
    expect(row).toMatchObject({ role: 2, memberId: institution.id, memberIdTitle: institution.name });
    const staff = list.body.data.find((entry: { id: number }) => entry.id === admin.id);
    expect(staff).toMatchObject({ role: 1, memberId: null, memberIdTitle: null });
  });

  test('a Member account needs an institution; a staff account keeps none', async () => {
    const refused = await call(
      'POST',
      'account/add',
      { username: 'nomember', displayName: 'No member', role: 2, password: PASSWORD },
      { token: admin.token, language: 'en' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message('en', 'memberInstitutionRequired'));
    const staff = await call(
      'POST',
      'account/add',
      {
        username: 'staffer',
        displayName: 'Staffer',
        role: 0,
        memberId: institution.id,
        keyContact: true,
        password: PASSWORD,
      },
      { token: admin.token },
    );
    expect(staff.status).toBe(200);
    expect(staff.body).toMatchObject({ role: 0, memberId: null, keyContact: false });
  });
});

describe('the second-factor policy', () => {
  test('"everyone" covers every staff account and "members" every account, Members too', () => {
    const covered = (policy: 'none' | 'admins' | 'everyone' | 'members') =>
      [Role.User, Role.Admin, Role.Member].filter((role) => policyCovers(policy, role));
    expect(covered('none')).toEqual([]);
    expect(covered('admins')).toEqual([Role.Admin]);
    expect(covered('everyone')).toEqual([Role.User, Role.Admin]);
    expect(covered('members')).toEqual([Role.User, Role.Admin, Role.Member]);
  });
});
