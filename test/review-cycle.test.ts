/**
 * The review cycle of public content (docs/api.md, Review cycle): a row's 「下次檢視日」 `reviewAt`
 * on its signed-in reads and writes, defaulting from the shared setting `reviewCycles`; getlist's
 * `reviewDue`; 「已檢視」 moving the date on with an audit line; the daily digest to each author (or
 * the Admins) at a real SMTP listener, once a day. Rows without a date answer exactly as before.
 */
import { eq } from 'drizzle-orm';
import { resetConfig } from '../lib/config';
import { getDb } from '../lib/db';
import { account, auditLog, contentGenerations, contentReviews, counters, mailQueue } from '../lib/db/schema';
import { deliverDueMail } from '../lib/mail/queue';
import { sendReviewDigest } from '../lib/content/operations/reviews';
import { listReviewedOn } from '../lib/public/reviews';
import { call, signedIn } from './helpers/api';
import { withDatabase } from './helpers/database';
import { addRow, clearContent, message, wireDateTime } from './helpers/content';
import { linkIn, TestSmtpServer } from './helpers/smtp';
import { waitFor } from './helpers/wait-for';

withDatabase();

const SITE = 'http://site.example';
const smtp = new TestSmtpServer();
let admin: { token: string; id: number; username: string };
let editor: { token: string; id: number; username: string };

const settings = (body: Record<string, unknown>, language: 'tw' | 'en' = 'tw') =>
  call('POST', 'websetting/webinfo', body, { token: admin.token, language });
const read = async (id: number) => (await call('GET', `webnews/get/${id}`, undefined, { token: admin.token })).body;
const dayOf = (wire: string) => wire.slice(0, 10);
const monthsFromNow = (months: number) => {
  const date = new Date();
  date.setMonth(date.getMonth() + months);
  return date;
};
/** The date part of an instant in Taipei, as the wire form gives it. */
const taipeiDay = (instant: Date) => new Date(instant.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  await smtp.start();
  process.env.SITE_URL = SITE;
  process.env.SMTP_URL = smtp.url;
  resetConfig();
  admin = await signedIn(1);
  editor = await signedIn(0);
  const db = await getDb();
  await db.update(account).set({ email: 'chief@example.org' }).where(eq(account.id, admin.id));
  await db.update(account).set({ email: 'author@example.org' }).where(eq(account.id, editor.id));
});

afterAll(async () => {
  await smtp.stop();
  delete process.env.SITE_URL;
  delete process.env.SMTP_URL;
  resetConfig();
});

beforeEach(async () => {
  await clearContent();
  const db = await getDb();
  await db.delete(contentReviews);
  await db.delete(mailQueue);
  await db.delete(counters);
  smtp.received.length = 0;
  await settings({ reviewCycles: null });
  await db.delete(auditLog);
});

test('without a cycle or a date, rows answer as before', async () => {
  const row = await addRow('webnews', { title: 'Plain' }, { token: admin.token });
  expect(row).not.toHaveProperty('reviewAt');
  expect(await read(row.id)).not.toHaveProperty('reviewAt');
  expect((await call('POST', 'webnews/getlist', {}, { token: admin.token })).body.data[0]).not.toHaveProperty(
    'reviewAt',
  );
});

test('reviewCycles is checked and kept; a new row of a reviewed resource gets its date from it', async () => {
  const wrong = await settings({ reviewCycles: { account: 12 } }, 'en');
  expect(wrong.status).toBe(400);
  expect(wrong.body.message).toBe(message('en', 'invalidReviewCycles', { value: 'account', max: 120 }));
  expect((await settings({ reviewCycles: { webnews: 0 } })).status).toBe(400);
  expect((await settings({ reviewCycles: [] })).status).toBe(400);
  const saved = await settings({ reviewCycles: { webnews: 6, webrule: 12 } });
  expect(saved.body.reviewCycles).toEqual({ webnews: 6, webrule: 12 });
  expect((await call('GET', 'websetting/webinfo')).body).not.toHaveProperty('reviewCycles');

  const row = await addRow('webnews', { title: 'Cycled' }, { token: editor.token });
  expect(dayOf(row.reviewAt)).toBe(taipeiDay(monthsFromNow(6)));
  expect(await read(row.id)).toMatchObject({ reviewAt: row.reviewAt, reviewedAt: null });
  // Visitors never see it.
  expect((await call('GET', `webnews/get/${row.id}`)).body).not.toHaveProperty('reviewAt');
});

test('a write sets or clears reviewAt; getlist reviewDue lists the rows past it (staff only)', async () => {
  const due = await addRow('webnews', { title: 'Due', reviewAt: '2020-01-01' }, { token: admin.token });
  const later = await addRow('webnews', { title: 'Later' }, { token: admin.token });
  await call('PUT', 'webnews/update', { id: later.id, reviewAt: '2099-12-31' }, { token: admin.token });
  expect(due.reviewAt).toBe('2020-01-01T00:00:00');
  expect((await read(later.id)).reviewAt).toBe('2099-12-31T00:00:00');
  const listed = await call('POST', 'webnews/getlist', { reviewDue: true }, { token: admin.token });
  expect(listed.body.data.map((row: { id: number }) => row.id)).toEqual([due.id]);
  expect(listed.body.total).toBe(1);
  const anonymous = await call('POST', 'webnews/getlist', { reviewDue: true });
  expect(anonymous.body.total).toBe(2);
  const bad = await call('PUT', 'webnews/update', { id: later.id, reviewAt: 'soon' }, { token: admin.token });
  expect(bad.status).toBe(400);
  await call('PUT', 'webnews/update', { id: later.id, reviewAt: null }, { token: admin.token });
  expect((await read(later.id)).reviewAt).toBeNull();
  const dueList = await call('POST', 'review/due', {}, { token: editor.token });
  expect(dueList.body).toMatchObject({ total: 1, data: [{ resource: 'webnews', rowId: due.id, title: 'Due' }] });
});

test("getlist's rows carry their review dates, on a first and a later page, and a review moves them at once", async () => {
  const dated = await addRow('webnews', { title: 'Dated', reviewAt: '2030-01-01' }, { token: admin.token });
  const plain = await addRow('webnews', { title: 'Plain' }, { token: admin.token });
  const cleared = await addRow('webnews', { title: 'Cleared', reviewAt: '2031-01-01' }, { token: admin.token });
  await call('PUT', 'webnews/update', { id: cleared.id, reviewAt: null }, { token: admin.token });
  const listed = async () => {
    const rows = [];
    // Page 1 is read with its count, the later pages from the list's kept ids.
    for (const page of [1, 2, 3])
      rows.push(...(await call('POST', 'webnews/getlist', { page, pageSize: 1 }, { token: admin.token })).body.data);
    return new Map(rows.map((row: { id: number }) => [row.id, row]));
  };
  const before = await listed();
  expect(before.get(dated.id)).toMatchObject({ reviewAt: '2030-01-01T00:00:00', reviewedAt: null });
  expect(before.get(plain.id)).not.toHaveProperty('reviewAt');
  expect(before.get(plain.id)).not.toHaveProperty('reviewDates');
  expect(before.get(cleared.id)).toMatchObject({ reviewAt: null, reviewedAt: null });
  for (const id of [dated.id, plain.id, cleared.id]) {
    const reviewed = await call('POST', `webnews/reviewed/${id}`, undefined, { token: editor.token });
    expect(reviewed.status).toBe(200);
  }
  const after = await listed();
  for (const id of [dated.id, plain.id, cleared.id])
    expect(after.get(id)).toMatchObject({ reviewedAt: expect.stringMatching(wireDateTime) });
});

test('setting only the date writes no content: no version raised, no change awaiting approval', async () => {
  await settings({ approvalRequired: true });
  try {
    const row = await addRow('webnews', { title: 'Dated' }, { token: admin.token });
    const dated = await call('PUT', 'webnews/update', { id: row.id, reviewAt: '2030-06-01' }, { token: editor.token });
    expect(dated.body).toMatchObject({ version: row.version, reviewAt: '2030-06-01T00:00:00' });
    expect(dated.body).not.toHaveProperty('pending');
    expect(await read(row.id)).not.toHaveProperty('pending');
  } finally {
    await settings({ approvalRequired: false });
  }
});

test('「已檢視」 records the review, moves the date on by the cycle and writes the audit line', async () => {
  await settings({ reviewCycles: { webnews: 3 } });
  const row = await addRow('webnews', { title: 'Reviewed', reviewAt: '2020-01-01' }, { token: admin.token });
  const reviewed = await call('POST', `webnews/reviewed/${row.id}`, undefined, { token: editor.token });
  expect(reviewed.status).toBe(200);
  expect(reviewed.body).toEqual({
    id: row.id,
    reviewAt: expect.stringMatching(wireDateTime),
    reviewedAt: expect.stringMatching(wireDateTime),
  });
  expect(dayOf(reviewed.body.reviewAt)).toBe(taipeiDay(monthsFromNow(3)));
  expect(await read(row.id)).toMatchObject({ title: 'Reviewed', version: row.version, ...reviewed.body });
  const lines = await (await getDb()).select().from(auditLog).where(eq(auditLog.action, 'review'));
  expect(lines).toEqual([expect.objectContaining({ action: 'review', rowId: row.id, accountName: editor.username })]);
  expect((await call('POST', `webnews/reviewed/${row.id}`)).status).toBe(401);
});

test("a list page's 「最後檢視」 is the latest review of the rows visitors see, on resources with a cycle", async () => {
  const shown = await addRow('webnews', { title: 'Shown' }, { token: admin.token });
  const hidden = await addRow('webnews', { title: 'Hidden', isVisible: false }, { token: admin.token });
  const review = async (id: number) =>
    (await call('POST', `webnews/reviewed/${id}`, undefined, { token: editor.token })).body.reviewedAt as string;
  // Without a cycle, the page shows none, reviewed or not.
  await review(shown.id);
  expect(await listReviewedOn('news', 'tw')).toBeNull();

  await settings({ reviewCycles: { webnews: 3 } });
  const first = await listReviewedOn('news', 'tw');
  expect(first).toBeInstanceOf(Date);
  // The next review is stamped in a later millisecond.
  await waitFor(() => Date.now() > first!.getTime(), { what: 'the clock past the first review' });
  // A later review of a row visitors do not see changes nothing; one of a shown row moves it on.
  await review(hidden.id);
  expect(await listReviewedOn('news', 'tw')).toEqual(first);
  // The review counts as a write of the resource for every server (its stored generation moves on).
  const generation = async () =>
    (await (await getDb()).select().from(contentGenerations).where(eq(contentGenerations.resource, 'webnews')))[0]
      ?.generation;
  const before = await generation();
  await review(shown.id);
  expect(Number(await generation())).toBeGreaterThan(Number(before));
  const second = await listReviewedOn('news', 'tw');
  expect(second!.getTime()).toBeGreaterThan(first!.getTime());
  // Rows of the other language are its own, and a list of another resource has no cycle.
  expect(await listReviewedOn('news', 'en')).toBeNull();
  expect(await listReviewedOn('laws', 'tw')).toBeNull();
});

test('the daily digest mails each author the rows past their date, once a day', async () => {
  const mine = await addRow('webnews', { title: '作者的消息', reviewAt: '2020-01-01' }, { token: editor.token });
  await addRow('webnews', { title: 'Not due', reviewAt: '2099-01-01' }, { token: editor.token });
  await addRow('webnews', { title: 'English news', reviewAt: '2020-02-01' }, { token: admin.token, language: 'en' });
  expect(await sendReviewDigest()).toBe(2);
  expect(await sendReviewDigest()).toBe(0);
  expect(await deliverDueMail()).toMatchObject({ sent: 2 });
  const mails = await smtp.waitFor(2);
  const toAuthor = mails.find((mail) => mail.envelopeTo.includes('author@example.org'))!;
  expect(toAuthor.subject).toContain('1 筆資料已到檢視日');
  expect(toAuthor.text).toContain('作者的消息');
  expect(toAuthor.text).not.toContain('Not due');
  expect(linkIn(toAuthor, SITE)).toBe(`${SITE}/tw-admin/webnews/${mine.id}`);
  const toAdmin = mails.find((mail) => mail.envelopeTo.includes('chief@example.org'))!;
  expect(toAdmin.subject).toContain('1 item(s) due for review');
});

test('a row of a per-section resource is named with its section, in review/due and the digest link', async () => {
  const added = await call(
    'POST',
    'webeditor/add/6',
    { title: '隱私權', content: '<p>x</p>', reviewAt: '2020-01-01' },
    {
      token: editor.token,
    },
  );
  expect(added.status).toBe(200);
  const due = await call('POST', 'review/due', {}, { token: admin.token });
  expect(due.body.data).toEqual([expect.objectContaining({ resource: 'webeditor', rowId: added.body.id, section: 6 })]);
  expect(await sendReviewDigest()).toBe(1);
  expect(await deliverDueMail()).toMatchObject({ sent: 1 });
  const [mail] = await smtp.waitFor(1);
  expect(linkIn(mail, SITE)).toBe(`${SITE}/tw-admin/webeditor/privacy/${added.body.id}`);
});
