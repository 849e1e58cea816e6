/**
 * The member area's dues and colleagues, and the staff side of an institution's accounts: a Member
 * reads only their own institution's dues (paid, due, overdue) and paid receipts; a key contact
 * lists, invites (up to `memberContactsMax`) and removes their own institution's Members, never
 * another's nor their own account; Admins see an institution's accounts and invitations, resend and
 * revoke them, and filter the audit log by institution.
 */
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../lib/content/auth/passwords';
import { duesState } from '../lib/content/model/dues';
import { Role } from '../lib/content/model/roles';
import { getDb } from '../lib/db';
import { account, memberInvitations, rateLimits } from '../lib/db/schema';
import { call, signedIn } from './helpers/api';
import { addRow, message } from './helpers/content';
import { withDatabase } from './helpers/database';

withDatabase();

const PASSWORD = 'member password 1';
let admin: { token: string; id: number };
let user: { token: string; id: number };
let ours: { id: number; name: string };
let theirs: { id: number; name: string };
let serial = 0;

/** A Member account of an institution, signed in through account/login. */
async function member(memberId: number, keyContact: boolean) {
  const username = `m${++serial}@member.example`;
  const db = await getDb();
  const [row] = await db
    .insert(account)
    .values({
      username,
      displayName: `Member ${serial}`,
      email: username,
      role: Role.Member,
      memberId,
      keyContact,
      passwordHash: await hashPassword(PASSWORD),
    } as never)
    .returning({ id: account.id });
  const login = await call('POST', 'account/login', { username, password: PASSWORD }, { ip: `10.9.${serial}.1` });
  expect(login.body.token).toEqual(expect.any(String));
  return { id: Number(row.id), token: login.body.token as string, username };
}

beforeAll(async () => {
  admin = await signedIn(1);
  user = await signedIn(0);
  ours = await addRow('webmemberdept', { name: '甲會員公司', category: 1 }, { token: admin.token });
  theirs = await addRow('webmemberdept', { name: '乙會員公司', category: 1 }, { token: admin.token });
});

beforeEach(async () => {
  const db = await getDb();
  await db.delete(rateLimits);
});

describe('dues', () => {
  test('a year is paid once it has a payment date, overdue once its due date passed unpaid, due before', () => {
    expect(duesState({ dueOn: '2026-03-31', paidOn: '2026-04-10' }, '2026-05-01')).toBe('paid');
    expect(duesState({ dueOn: '2026-03-31', paidOn: null }, '2026-04-01')).toBe('overdue');
    expect(duesState({ dueOn: '2026-03-31', paidOn: null }, '2026-03-31')).toBe('due');
    expect(duesState({ dueOn: null, paidOn: null }, '2026-03-31')).toBe('due');
  });

  test('staff keep them, one row per institution and year; Members and visitors may not touch them', async () => {
    const row = await addRow(
      'webmemberdues',
      {
        memberId: ours.id,
        year: 2024,
        amount: 12000,
        dueOn: '2024-03-31',
        paidOn: '2024-03-02',
        receiptNo: 'R-2024-7',
      },
      { token: user.token },
    );
    expect(row).toMatchObject({ memberId: ours.id, year: 2024, amount: 12000 });
    const list = await call('POST', 'webmemberdues/getlist', {}, { token: user.token });
    expect(list.body.data[0]).toMatchObject({ id: row.id, memberIdTitle: ours.name });
    const again = await call(
      'POST',
      'webmemberdues/add',
      { memberId: ours.id, year: 2024, amount: 1, dueOn: '2024-03-31' },
      { token: admin.token, language: 'en' },
    );
    expect(again.status).toBe(400);
    expect(again.body.errors[0].field).toBe('year');
    // The same year of another institution is its own row.
    await addRow('webmemberdues', { memberId: theirs.id, year: 2024, amount: 9000, dueOn: '2024-03-31' }, admin);
    const other = await addRow(
      'webmemberdues',
      { memberId: ours.id, year: 2023, amount: 1, dueOn: '2023-03-31' },
      admin,
    );
    const moved = await call('PUT', 'webmemberdues/update', { id: other.id, year: 2024 }, { token: admin.token });
    expect(moved.status).toBe(400);
    const key = await member(ours.id, true);
    expect((await call('POST', 'webmemberdues/getlist', {}, { token: key.token })).status).toBe(403);
    expect((await call('POST', 'webmemberdues/getlist', {})).status).toBe(401);
  });

  test("a Member reads only their own institution's dues, each with its state, and receipts of paid years", async () => {
    await addRow('webmemberdues', { memberId: ours.id, year: 2025, amount: 12000, dueOn: '2025-03-31' }, admin);
    await addRow('webmemberdues', { memberId: ours.id, year: 2099, amount: 15000, dueOn: '2099-03-31' }, admin);
    const colleague = await member(ours.id, false);
    const dues = await call('POST', 'member/dues', undefined, { token: colleague.token });
    expect(dues.status).toBe(200);
    expect(dues.body.institution).toBe(ours.name);
    expect(dues.body.data.map((row: { year: number; state: string }) => [row.year, row.state])).toEqual([
      [2099, 'due'],
      [2025, 'overdue'],
      [2024, 'paid'],
      [2023, 'overdue'],
    ]);
    const receipt = await call('POST', 'member/dues/receipt/2024', undefined, { token: colleague.token });
    expect(receipt.body).toMatchObject({
      year: 2024,
      receiptNo: 'R-2024-7',
      paidOn: '2024-03-02',
      institution: ours.name,
    });
    expect((await call('POST', 'member/dues/receipt/2025', undefined, { token: colleague.token })).status).toBe(404);
    expect((await call('POST', 'member/dues/receipt/1999', undefined, { token: colleague.token })).status).toBe(404);
    expect((await call('POST', 'member/dues/receipt/abc', undefined, { token: colleague.token })).status).toBe(400);
    // The other institution's 2024 row (unpaid) is not theirs to see.
    const stranger = await member(theirs.id, true);
    const their = await call('POST', 'member/dues', undefined, { token: stranger.token });
    expect(their.body.data).toEqual([expect.objectContaining({ year: 2024, amount: 9000, state: 'overdue' })]);
    expect((await call('POST', 'member/dues/receipt/2024', undefined, { token: stranger.token })).status).toBe(404);
    // Staff read the resource instead; visitors nothing.
    expect((await call('POST', 'member/dues', undefined, { token: admin.token })).status).toBe(403);
    expect((await call('POST', 'member/dues')).status).toBe(401);
  });
});

describe('one institution in two languages', () => {
  test("dues, accounts and the audit filter count the institution's row and its counterpart as one", async () => {
    const tw = await addRow('webmemberdept', { name: '丙會員公司', category: 1 }, admin);
    const en = await addRow(
      'webmemberdept',
      { name: 'Bing Member Co.', category: 1, translationId: tw.id },
      { token: admin.token, language: 'en' },
    );
    // Staff keep the dues on the English row; the key contact's account names the Chinese one.
    await addRow(
      'webmemberdues',
      { memberId: en.id, year: 2024, amount: 8000, dueOn: '2024-03-31' },
      { token: admin.token, language: 'en' },
    );
    // One year's dues per institution, whichever language's row names it.
    const twice = await call(
      'POST',
      'webmemberdues/add',
      { memberId: tw.id, year: 2024, amount: 8000, dueOn: '2024-03-31' },
      { token: admin.token, language: 'tw' },
    );
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0].field).toBe('year');
    const key = await member(tw.id, true);
    const colleague = await member(en.id, false);
    const dues = await call('POST', 'member/dues', undefined, { token: key.token });
    expect(dues.body.data).toEqual([expect.objectContaining({ year: 2024, amount: 8000 })]);
    const listed = await call('POST', 'member/contacts', undefined, { token: key.token });
    expect(listed.body.data.map((row: { id: number }) => row.id).sort()).toEqual([key.id, colleague.id].sort());
    const staffView = await call('POST', `member/accounts/${en.id}`, undefined, admin);
    expect(staffView.body.data.map((row: { id: number }) => row.id).sort()).toEqual([key.id, colleague.id].sort());
    const removed = await call('DELETE', `member/contacts/${colleague.id}`, undefined, { token: key.token });
    expect(removed.status).toBe(200);
    const audit = await call('POST', 'audit/getlist', { memberId: tw.id, pageSize: 50 }, admin);
    expect(audit.body.data.map((row: { action: string }) => row.action)).toContain('memberRemove');
    const auditEn = await call('POST', 'audit/getlist', { memberId: en.id, pageSize: 50 }, admin);
    expect(auditEn.body.total).toBe(audit.body.total);
  });
});

describe('colleagues', () => {
  const invite = (token: string, body: Record<string, unknown>, language: 'tw' | 'en' = 'tw') =>
    call('POST', 'member/contacts/invite', body, { token, language, ip: `10.8.${++serial}.1` });

  test("a key contact lists their institution's accounts and invites a colleague with the invitation mail", async () => {
    const key = await member(ours.id, true);
    const listed = await call('POST', 'member/contacts', undefined, { token: key.token });
    expect(listed.status).toBe(200);
    expect(listed.body.max).toBe(5);
    expect(listed.body.memberId).toBe(ours.id);
    expect(listed.body.data.map((row: { id: number }) => row.id)).toContain(key.id);
    const invited = await invite(key.token, { email: 'Colleague@Member.example', name: '王小明' });
    expect(invited.status).toBe(200);
    expect(invited.body).toMatchObject({ memberId: ours.id, email: 'colleague@member.example', keyContact: false });
    const db = await getDb();
    const [stored] = await db.select().from(memberInvitations).where(eq(memberInvitations.id, invited.body.id));
    expect(stored).toMatchObject({ memberId: ours.id, invitedBy: key.id, lang: 'tw' });
    const after = await call('POST', 'member/contacts', undefined, { token: key.token });
    expect(after.body.invitations).toEqual([
      expect.objectContaining({ email: 'colleague@member.example', name: '王小明', expired: false }),
    ]);
    // A key contact names only the address and name: the institution is their own, never a key contact.
    const elsewhere = await invite(key.token, {
      email: 'elsewhere@member.example',
      name: 'X',
      memberId: theirs.id,
      keyContact: true,
    });
    expect(elsewhere.body).toMatchObject({ memberId: ours.id, keyContact: false });
    const bad = await invite(key.token, { email: 'not an address', name: '' }, 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((issue: { field: string }) => issue.field).sort()).toEqual(['email', 'name']);
  });

  test('the institution has at most memberContactsMax accounts and open invitations together', async () => {
    const db = await getDb();
    await db.delete(memberInvitations);
    await db.delete(account).where(eq(account.memberId, ours.id));
    await call('POST', 'websetting/webinfo', { memberContactsMax: 3 }, { token: admin.token });
    try {
      const key = await member(ours.id, true);
      await member(ours.id, false);
      expect((await invite(key.token, { email: 'third@member.example', name: 'Third' })).status).toBe(200);
      const full = await invite(key.token, { email: 'fourth@member.example', name: 'Fourth' }, 'en');
      expect(full.status).toBe(400);
      expect(full.body.message).toBe(message('en', 'memberContactsFull', { n: 3 }));
      expect(await db.select().from(memberInvitations).where(eq(memberInvitations.memberId, ours.id))).toHaveLength(1);
      // A revoked invitation frees its place.
      const [open] = await db.select().from(memberInvitations).where(eq(memberInvitations.memberId, ours.id));
      expect((await call('POST', `member/invitations/revoke/${open.id}`, undefined, admin)).status).toBe(200);
      expect((await invite(key.token, { email: 'fourth@member.example', name: 'Fourth' })).status).toBe(200);
    } finally {
      await call('POST', 'websetting/webinfo', { memberContactsMax: null }, { token: admin.token });
    }
  });

  test("a key contact removes a colleague, whose sessions end; never another institution's, staff or their own", async () => {
    const key = await member(ours.id, true);
    const colleague = await member(ours.id, false);
    const stranger = await member(theirs.id, false);
    const remove = (token: string, id: number | string) =>
      call('DELETE', `member/contacts/${id}`, undefined, { token, language: 'en' });
    expect((await remove(key.token, stranger.id)).status).toBe(403);
    expect((await remove(key.token, key.id)).status).toBe(403);
    expect((await remove(key.token, user.id)).status).toBe(403);
    expect((await remove(key.token, 99999999)).status).toBe(404);
    expect((await remove(key.token, 'x')).status).toBe(400);
    expect((await remove(colleague.token, key.id)).status).toBe(403);
    const removed = await remove(key.token, colleague.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: colleague.id });
    const db = await getDb();
    expect(await db.select().from(account).where(eq(account.id, colleague.id))).toEqual([]);
    expect((await call('POST', 'member/contacts', undefined, { token: colleague.token })).status).toBe(401);
    expect((await call('POST', 'account/checklogin', undefined, { token: stranger.token })).body.valid).toBe(true);
  });

  test('only key contacts may: a colleague, staff and visitors are refused every contacts call', async () => {
    const colleague = await member(ours.id, false);
    for (const [token, status] of [
      [colleague.token, 403],
      [admin.token, 403],
      [user.token, 403],
      [null, 401],
    ] as const) {
      expect((await call('POST', 'member/contacts', undefined, { token })).status).toBe(status);
      expect((await invite(token ?? '', { email: 'n@member.example', name: 'N' })).status).toBe(status);
      expect((await call('DELETE', `member/contacts/${colleague.id}`, undefined, { token })).status).toBe(status);
    }
  });
});

describe("the staff side of an institution's accounts", () => {
  test('Admins see its accounts with their last sign-in and its invitations, resend and revoke them', async () => {
    const key = await member(theirs.id, true);
    const invited = await call(
      'POST',
      'member/invite',
      { memberId: theirs.id, email: 'pending@member.example', name: 'Pending' },
      { token: admin.token, ip: '10.7.0.1' },
    );
    const roster = await call('POST', `member/accounts/${theirs.id}`, undefined, admin);
    expect(roster.status).toBe(200);
    expect(roster.body.institution).toBe(theirs.name);
    const own = roster.body.data.find((row: { id: number }) => row.id === key.id);
    expect(own).toMatchObject({ keyContact: true, email: key.username, lastLoginAt: expect.any(String) });
    expect(roster.body.invitations.map((row: { id: number }) => row.id)).toContain(invited.body.id);
    const resent = await call('POST', `member/invitations/resend/${invited.body.id}`, undefined, admin);
    expect(resent.status).toBe(200);
    expect(resent.body.id).not.toBe(invited.body.id);
    const db = await getDb();
    const [old] = await db.select().from(memberInvitations).where(eq(memberInvitations.id, invited.body.id));
    expect(old.revokedAt).not.toBeNull();
    const [fresh] = await db.select().from(memberInvitations).where(eq(memberInvitations.id, resent.body.id));
    expect(fresh).toMatchObject({ email: 'pending@member.example', revokedAt: null });
    expect(fresh.tokenHash).not.toBe(old.tokenHash);
    expect((await call('POST', `member/invitations/revoke/${resent.body.id}`, undefined, admin)).status).toBe(200);
    expect((await call('POST', `member/invitations/revoke/${resent.body.id}`, undefined, admin)).status).toBe(404);
    const after = await call('POST', `member/accounts/${theirs.id}`, undefined, admin);
    expect(after.body.invitations.map((row: { id: number }) => row.id)).not.toContain(resent.body.id);
    for (const token of [user.token, key.token]) {
      expect((await call('POST', `member/accounts/${theirs.id}`, undefined, { token })).status).toBe(403);
      expect((await call('POST', `member/invitations/resend/${resent.body.id}`, undefined, { token })).status).toBe(
        403,
      );
    }
    expect((await call('POST', 'member/accounts/99999999', undefined, admin)).status).toBe(404);
  });

  test("the audit log filters by member institution: its row, its accounts, its dues, its Members' own acts", async () => {
    const listed = async (memberId: number) =>
      (await call('POST', 'audit/getlist', { memberId, pageSize: 200 }, admin)).body.data as {
        action: string;
        resource: string | null;
        rowId: number | null;
        summary: string | null;
      }[];
    const theirsLog = await listed(theirs.id);
    expect(theirsLog.some((entry) => entry.action === 'memberInviteRevoke')).toBe(true);
    expect(theirsLog.some((entry) => entry.action === 'signIn')).toBe(true);
    expect(theirsLog.some((entry) => entry.resource === 'webmemberdues')).toBe(true);
    const oursLog = await listed(ours.id);
    expect(oursLog.some((entry) => entry.action === 'memberRemove')).toBe(true);
    expect(oursLog.some((entry) => entry.summary === 'pending@member.example')).toBe(false);
    const db = await getDb();
    const [stranger] = await db
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.memberId, theirs.id), eq(account.keyContact, true)));
    expect(oursLog.some((entry) => entry.resource === 'account' && entry.rowId === stranger.id)).toBe(false);
    expect((await call('POST', 'audit/getlist', { memberId: 'x' }, admin)).status).toBe(400);
  });
});
