/**
 * A Member's own institution entry (`member/me`, `member/update`, `member/logo`): a change waits in
 * the approval flow for an Admin, whatever the `approvalRequired` setting, and the public directory
 * changes only when it is approved; a rejection's comment reaches the Member. Fields outside the
 * definition's `memberEditable` are refused in the request's language, another institution's id is
 * a 403. Run on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { hashPassword } from '../lib/content/auth/passwords';
import { memberEditableFields } from '../lib/content/operations/member-entry';
import { getDb } from '../lib/db';
import { account, auditLog, mailQueue, pendingChanges, uploads } from '../lib/db/schema';
import { resetConfig } from '../lib/config';
import { runHousekeeping } from '../lib/content/jobs/housekeeping';
import { findUpload } from '../lib/uploads';
import { call, signedIn } from './helpers/api';
import { addRow, message } from './helpers/content';
import { withDatabase } from './helpers/database';
import { PNG, withUploadFolder } from './helpers/uploads';

withDatabase();
withUploadFolder();

const PASSWORD = 'member password 1';
let admin: { token: string; id: number };
let ours: { id: number };
let theirs: { id: number };
let member: { token: string; id: number; email: string };
let serial = 0;

/** A Member of an institution, made as an invitation would, signed in through account/login. */
async function memberOf(memberId: number, language: 'tw' | 'en' = 'tw') {
  const username = `entry${++serial}@member.example`;
  const db = await getDb();
  const [row] = await db
    .insert(account)
    .values({
      username,
      displayName: `Contact ${serial}`,
      email: username,
      role: 2,
      memberId,
      keyContact: true,
      passwordHash: await hashPassword(PASSWORD),
    } as never)
    .returning({ id: account.id });
  const login = await call('POST', 'account/login', { username, password: PASSWORD }, { ip: `10.9.${serial}.1` });
  expect(login.body.token).toEqual(expect.any(String));
  return { token: login.body.token as string, id: Number(row.id), email: username, language };
}

const me = (token = member.token, language: 'tw' | 'en' = 'tw') =>
  call('GET', 'member/me', undefined, { token, language });
const update = (body: Record<string, unknown>, token: string | null = member.token, language: 'tw' | 'en' = 'tw') =>
  call('PUT', 'member/update', body, { token, language });
const directory = async (id: number) => (await call('GET', `webmemberdept/get/${id}`)).body;
const approve = (id: number) => call('POST', `webmemberdept/approve/${id}`, {}, { token: admin.token });
const reject = (id: number, comment: string) =>
  call('POST', `webmemberdept/reject/${id}`, { comment }, { token: admin.token });

beforeAll(async () => {
  admin = await signedIn(1);
  // Approval is off for staff: a Member's change still waits for an Admin.
  const saved = await call('POST', 'websetting/webinfo', { approvalRequired: false }, { token: admin.token });
  expect(saved.status).toBe(200);
  ours = await addRow(
    'webmemberdept',
    { name: '測試會員甲', category: 1, phone: '02-1111-1111', contactPerson: '王小明' },
    { token: admin.token },
  );
  theirs = await addRow('webmemberdept', { name: '測試會員乙', category: 1 }, { token: admin.token });
  member = await memberOf(ours.id);
});

beforeEach(async () => {
  const db = await getDb();
  await db.delete(pendingChanges);
  await db.delete(auditLog);
});

test('the definition marks the contact fields editable, and nothing else', () => {
  expect(memberEditableFields.sort()).toEqual(
    ['address', 'contactPerson', 'department', 'fax', 'logo', 'phone', 'website'].sort(),
  );
});

test('member/me: the account, the entry (with its contact person) and no pending change', async () => {
  const answer = await me();
  expect(answer.status).toBe(200);
  expect(answer.body.account).toMatchObject({ id: member.id, memberId: ours.id, keyContact: true });
  expect(answer.body.member).toMatchObject({ id: ours.id, name: '測試會員甲', contactPerson: '王小明' });
  expect(answer.body.pending).toBeNull();
});

test('a change waits for approval: the directory is unchanged until an Admin approves it', async () => {
  const sent = await update({ phone: '02-2222-2222', website: 'https://example.org/a' });
  expect(sent.status).toBe(200);
  expect(sent.body.pending).toMatchObject({
    status: 'pending',
    changes: { phone: '02-2222-2222', website: 'https://example.org/a' },
    comment: null,
  });
  expect(sent.body.pending.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  expect((await directory(ours.id)).phone).toBe('02-1111-1111');
  // A second change joins the waiting one.
  expect((await update({ fax: '02-3333-3333' })).body.pending.changes).toMatchObject({
    phone: '02-2222-2222',
    fax: '02-3333-3333',
  });
  const review = await call('POST', 'review/getlist', {}, { token: admin.token });
  expect(review.body.data.map((entry: { rowId: number }) => entry.rowId)).toContain(ours.id);

  expect((await approve(ours.id)).status).toBe(200);
  const live = await directory(ours.id);
  expect(live).toMatchObject({ phone: '02-2222-2222', fax: '02-3333-3333', website: 'https://example.org/a' });
  expect((await me()).body.pending).toBeNull();
  const actions = (await (await getDb()).select().from(auditLog)).map((line) => line.action);
  expect(actions).toEqual(expect.arrayContaining(['submit', 'approve']));
});

test('the approvers are mailed of the change, and the Member of the decision', async () => {
  process.env.SMTP_URL = 'smtp://127.0.0.1:9';
  resetConfig();
  const db = await getDb();
  try {
    await db.delete(mailQueue);
    const saved = await call(
      'POST',
      'websetting/webinfo',
      { approverEmails: 'approver@association.example' },
      { token: admin.token },
    );
    expect(saved.status).toBe(200);
    expect((await update({ department: '會員服務部' })).status).toBe(200);
    expect((await approve(ours.id)).status).toBe(200);
    const mails = await db.select().from(mailQueue);
    expect(mails.map((mail) => [mail.kind, mail.recipients])).toEqual(
      expect.arrayContaining([
        ['approval', ['approver@association.example']],
        ['approval', [member.email]],
      ]),
    );
  } finally {
    await db.delete(mailQueue);
    delete process.env.SMTP_URL;
    resetConfig();
  }
});

test('a rejection leaves the directory as it was and shows the Member its comment', async () => {
  expect((await update({ address: '台北市信義區某路 1 號' })).status).toBe(200);
  expect((await reject(ours.id, '請附上公文')).status).toBe(200);
  expect((await directory(ours.id)).address ?? null).not.toBe('台北市信義區某路 1 號');
  const { pending } = (await me()).body;
  expect(pending).toMatchObject({ status: 'rejected', comment: '請附上公文' });
  expect(pending.decidedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
});

test('fields outside memberEditable are refused, in the request language, and nothing waits', async () => {
  for (const language of ['tw', 'en'] as const) {
    const refused = await update({ name: 'Renamed', phone: '02-9' }, member.token, language);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message(language, 'memberFieldNotEditable', { field: 'name' }));
    expect(refused.body.errors.map((issue: { field: string }) => issue.field)).toEqual(['name']);
  }
  expect((await update({ category: 2 })).status).toBe(400);
  expect((await update({ website: 'not a url' })).status).toBe(400);
  expect((await update({})).status).toBe(400);
  expect((await me()).body.pending).toBeNull();
});

test("another institution's entry is a 403; staff and visitors are refused", async () => {
  expect((await update({ id: theirs.id, phone: '1' })).status).toBe(403);
  expect((await update({ memberId: theirs.id, phone: '1' })).status).toBe(403);
  // Naming one's own institution is allowed.
  expect((await update({ memberId: ours.id, department: '法遵部' })).status).toBe(200);
  // The staff calls on the rows stay closed to Members.
  expect(
    (await call('PUT', 'webmemberdept/update', { id: theirs.id, phone: '1' }, { token: member.token })).status,
  ).toBe(403);
  expect((await call('POST', `webmemberdept/approve/${ours.id}`, {}, { token: member.token })).status).toBe(403);
  expect((await update({ phone: '1' }, null)).status).toBe(401);
  expect((await update({ phone: '1' }, (await signedIn(0)).token)).status).toBe(403);
  expect((await call('GET', 'member/me', undefined, { token: admin.token })).status).toBe(403);
  // Another institution's Member sees their own entry, not ours.
  const other = await memberOf(theirs.id);
  expect((await me(other.token)).body.member.id).toBe(theirs.id);
  expect((await me(other.token)).body.pending).toBeNull();
});

test('member/logo: an image is checked by its bytes and proposed; anything else is refused', async () => {
  const image = new FormData();
  image.set('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
  const sent = await call('POST', 'member/logo', undefined, { token: member.token, raw: image });
  expect(sent.status).toBe(200);
  const logo = sent.body.pending.changes.logo;
  expect(logo).toMatch(/^[0-9a-f-]{36}$/);
  expect((await directory(ours.id)).logo ?? null).not.toBe(logo);

  const text = new FormData();
  text.set('file', new Blob(['hello'], { type: 'image/png' }), 'logo.png');
  const refused = await call('POST', 'member/logo', undefined, { token: member.token, raw: text, language: 'en' });
  expect(refused.status).toBe(400);
  // A logo id must be an image this Member uploaded.
  const staffUpload = new FormData();
  staffUpload.set('file', new Blob([PNG], { type: 'image/png' }), 'staff.png');
  const uploaded = await call('POST', 'upload', undefined, { token: admin.token, raw: staffUpload });
  expect((await update({ logo: uploaded.body.id })).status).toBe(400);
  // A logo waiting for approval more than a day is kept by the housekeeping's removal of unused uploads.
  await (
    await getDb()
  )
    .update(uploads)
    .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(uploads.id, logo));
  await runHousekeeping();
  expect(await findUpload(logo)).toBeDefined();
  expect((await approve(ours.id)).status).toBe(200);
  expect((await directory(ours.id)).logo).toBe(logo);
});

test('garbled bodies are a 400 in the request language, never a 5xx', async () => {
  const options = { token: member.token, language: 'en' as const };
  const notJson = await call('PUT', 'member/update', undefined, {
    ...options,
    raw: '{"phone":',
    headers: { 'content-type': 'application/json' },
  });
  expect(notJson.status).toBe(400);
  expect(notJson.body.message).toEqual(expect.any(String));
  expect((await call('PUT', 'member/update', undefined, { ...options, raw: '[1]' })).status).toBe(400);
  expect((await call('POST', 'member/logo', undefined, { ...options, raw: 'plain' })).status).toBe(400);
  expect((await call('POST', 'member/logo', undefined, { ...options, raw: new FormData() })).status).toBe(400);
  expect((await call('GET', 'member/me/%ZZ', undefined, options)).status).toBe(404);
});

test('a Member whose session ended is told so', async () => {
  const db = await getDb();
  const gone = await memberOf(ours.id);
  await db
    .update(account)
    .set({ isDisabled: true } as never)
    .where(eq(account.id, gone.id));
  expect((await me(gone.token)).status).toBe(401);
});
