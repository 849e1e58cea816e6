/**
 * The e-mails of publishing with approval, delivered to a real SMTP listener: a User's submission
 * goes to the approvers (`approverEmails`, else every Admin with an address) once per open change,
 * an approval or rejection to its author with the reviewer's comment, each with its back-office
 * link. Without SMTP_URL nothing is queued.
 */
import { eq } from 'drizzle-orm';
import { resetConfig } from '../lib/config';
import { getDb } from '../lib/db';
import { account, mailQueue, pendingChanges } from '../lib/db/schema';
import { deliverDueMail } from '../lib/mail/queue';
import { call, signedIn } from './helpers/api';
import { withDatabase } from './helpers/database';
import { addRow, clearContent } from './helpers/content';
import { linkIn, TestSmtpServer } from './helpers/smtp';

withDatabase();

const SITE = 'http://site.example';
const smtp = new TestSmtpServer();
let admin: { token: string; id: number; username: string };
let editor: { token: string; id: number; username: string };

function useSmtp(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetConfig();
}

const setEmail = async (id: number, email: string) =>
  (await getDb()).update(account).set({ email }).where(eq(account.id, id));

beforeAll(async () => {
  await smtp.start();
  process.env.SITE_URL = SITE;
  process.env.MAIL_FROM = 'Association <no-reply@site.example>';
  useSmtp(smtp.url);
  admin = await signedIn(1);
  editor = await signedIn(0);
  await setEmail(admin.id, 'chief@example.org');
  await setEmail(editor.id, 'author@example.org');
  await call('POST', 'websetting/webinfo', { siteName: '信託公會', approvalRequired: true }, { token: admin.token });
});

afterAll(async () => {
  await smtp.stop();
  delete process.env.SITE_URL;
  delete process.env.MAIL_FROM;
  useSmtp(undefined);
});

beforeEach(async () => {
  smtp.received.length = 0;
  await clearContent();
  const db = await getDb();
  await db.delete(mailQueue);
  await db.delete(pendingChanges);
  await call('POST', 'websetting/webinfo', { approverEmails: '' }, { token: admin.token });
});

const submit = (id: number, title: string) => call('PUT', 'webnews/update', { id, title }, { token: editor.token });

async function delivered(count: number) {
  expect(await deliverDueMail()).toMatchObject({ sent: count });
  return smtp.waitFor(count);
}

test('a submission e-mails every Admin with an address, once per open change, with the screen link', async () => {
  const row = await addRow('webnews', { title: '舊標題' }, { token: admin.token });
  await submit(row.id, '新標題');
  await submit(row.id, '新標題二');
  const [mail] = await delivered(1);
  expect(mail.envelopeTo).toContain('chief@example.org');
  expect(mail.subject).toBe('[信託公會] 待審核：新標題');
  expect(mail.text).toContain(editor.username);
  expect(mail.text).toContain('最新消息');
  expect(linkIn(mail, SITE)).toBe(`${SITE}/tw-admin/review`);
});

test('approverEmails, when set, are the ones told', async () => {
  await call(
    'POST',
    'websetting/webinfo',
    { approverEmails: 'sg@example.org, deputy@example.org' },
    { token: admin.token },
  );
  const row = await addRow('webnews', { title: 'Old' }, { token: admin.token });
  await submit(row.id, 'New');
  const [mail] = await delivered(1);
  expect(mail.envelopeTo.sort()).toEqual(['deputy@example.org', 'sg@example.org']);
});

test('an approval and a rejection e-mail the author, the rejection with its comment', async () => {
  const row = await addRow('webnews', { title: 'Old' }, { token: admin.token });
  await submit(row.id, 'Approved title');
  await call('POST', `webnews/approve/${row.id}`, {}, { token: admin.token });
  await submit(row.id, 'Rejected title');
  await call('POST', `webnews/reject/${row.id}`, { comment: '日期有誤，請修正' }, { token: admin.token });
  const mails = await delivered(4);
  const toAuthor = mails.filter((mail) => mail.envelopeTo.includes('author@example.org'));
  expect(toAuthor.map((mail) => mail.subject).sort()).toEqual(
    ['[信託公會] 已核准：Approved title', '[信託公會] 未核准：Rejected title'].sort(),
  );
  const rejection = toAuthor.find((mail) => mail.subject.includes('未核准'))!;
  expect(rejection.text).toContain('日期有誤，請修正');
  expect(linkIn(rejection, SITE)).toBe(`${SITE}/tw-admin`);
});

test('without SMTP_URL nothing is queued, and the submission and decision are still stored', async () => {
  useSmtp(undefined);
  try {
    const row = await addRow('webnews', { title: 'Old' }, { token: admin.token });
    await submit(row.id, 'Quiet');
    expect((await call('POST', `webnews/reject/${row.id}`, { comment: 'No' }, { token: admin.token })).status).toBe(
      200,
    );
    expect(await (await getDb()).select().from(mailQueue)).toHaveLength(0);
    const mine = await call('POST', 'review/mine', {}, { token: editor.token });
    expect(mine.body.data[0]).toMatchObject({ status: 'rejected', comment: 'No' });
  } finally {
    useSmtp(smtp.url);
  }
});
