/**
 * E-mail of new contact messages through a real SMTP server (smtp-server on localhost): the
 * recipients come from the web settings of the message's language, the mail links to the message
 * in the back office, and a refusing or stopped server leaves the message stored and the mail
 * queued until it is delivered. Without SMTP_URL nothing is queued.
 */
import { eq, sql } from 'drizzle-orm';
import { resetConfig } from '../lib/config';
import { getDb } from '../lib/db';
import { mailQueue, webcontact } from '../lib/db/schema';
import {
  deliverDueMail,
  enqueueMail,
  KEEP_DONE_MS,
  MAX_ATTEMPTS,
  pruneMailQueue,
  RETRY_DELAYS_MS,
} from '../lib/mail/queue';
import { metrics } from '../lib/observability/metrics';
import { call, signedIn } from './helpers/api';
import { withDatabase } from './helpers/database';
import { message } from './helpers/content';
import { TestSmtpServer } from './helpers/smtp';

withDatabase();

const SITE = 'http://site.example';
const smtp = new TestSmtpServer();
let admin: string;
let user: string;

function useSmtp(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetConfig();
}

beforeAll(async () => {
  await smtp.start();
  process.env.SITE_URL = SITE;
  process.env.MAIL_FROM = 'Association <no-reply@site.example>';
  useSmtp(smtp.url);
  admin = (await signedIn(1)).token;
  user = (await signedIn(0)).token;
  await call(
    'POST',
    'websetting/webinfo',
    { siteName: '信託公會', notifyEmails: 'staff@example.org, head@example.org' },
    { token: admin, language: 'tw' },
  );
  await call(
    'POST',
    'websetting/webinfo',
    { siteName: 'Trust Association', notifyEmails: 'english@example.org' },
    { token: admin, language: 'en' },
  );
});

afterAll(async () => {
  await smtp.stop();
  delete process.env.SITE_URL;
  delete process.env.MAIL_FROM;
  useSmtp(undefined);
});

beforeEach(async () => {
  smtp.received.length = 0;
  smtp.refuse = false;
  const db = await getDb();
  await db.delete(mailQueue);
});

let serial = 0;
const letter = (overrides: Record<string, unknown> = {}) => ({
  name: '王小明',
  email: 'ming@example.com',
  phone: '02-1234-5678',
  subject: '入會申請',
  message: '請問如何申請入會？\n謝謝。',
  ...overrides,
});
const send = (body: unknown, language: 'tw' | 'en' = 'tw') =>
  call('POST', 'webcontact/add', body, { ip: `198.51.100.${++serial}`, language });

async function queueRows() {
  const db = await getDb();
  return db.select().from(mailQueue).orderBy(mailQueue.id);
}

/** Runs the worker at each attempt's due time, MAX_ATTEMPTS times; returns the time after the last. */
async function tryUntilGivenUp(): Promise<number> {
  let when = Date.now();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    await deliverDueMail(new Date(when));
    when += RETRY_DELAYS_MS[attempt - 1] ?? 0;
  }
  return when;
}

describe('contact message e-mail', () => {
  test('arrives at the addresses of the message language, with the message and its back-office link', async () => {
    const sent = await send(letter());
    expect(sent.status).toBe(200);
    expect(await deliverDueMail()).toMatchObject({ sent: 1 });
    const [mail] = await smtp.waitFor(1);
    expect(mail.envelopeTo.sort()).toEqual(['head@example.org', 'staff@example.org']);
    expect(mail.parsed.from?.text).toContain('no-reply@site.example');
    expect(mail.subject).toBe('[信託公會] 新的聯絡訊息：入會申請');
    expect(mail.text).toContain('請問如何申請入會？\n謝謝。');
    expect(mail.text).toContain('ming@example.com');
    expect(mail.text).toContain(`${SITE}/tw-admin/webcontact/${sent.body.id}`);
    expect(mail.html).toContain(`href="${SITE}/tw-admin/webcontact/${sent.body.id}"`);
    expect(mail.html).toContain('請問如何申請入會？<br>謝謝。');
    const [row] = await queueRows();
    expect(row).toMatchObject({ kind: 'contact', status: 'sent', attempts: 1, text: '', html: '' });
  });

  test("a queued mail is due by the server's clock, so the wake-up right after queueing claims it", async () => {
    expect((await send(letter())).status).toBe(200);
    const db = await getDb();
    // The database's now() carries microseconds that a claim made in the same millisecond would not reach.
    const [due] = await db
      .select({ micros: sql<number>`(extract(microseconds from ${mailQueue.nextAttemptAt})::int % 1000)` })
      .from(mailQueue);
    expect(Number(due.micros)).toBe(0);
    expect(await deliverDueMail()).toMatchObject({ sent: 1 });
  });

  test('an English message goes to the English addresses, in English, and its HTML is escaped', async () => {
    const sent = await send(
      letter({ name: 'Mary <b>', subject: 'Membership', message: 'Hello <script>x</script>' }),
      'en',
    );
    await deliverDueMail();
    const [mail] = await smtp.waitFor(1);
    expect(mail.envelopeTo).toEqual(['english@example.org']);
    expect(mail.subject).toBe('[Trust Association] New contact message: Membership');
    expect(mail.text).toContain(`${SITE}/en-admin/webcontact/${sent.body.id}`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hello &lt;script&gt;x&lt;/script&gt;');
  });

  test("a signed-in account's message (addByAcc) is mailed too", async () => {
    const sent = await call('POST', 'webcontact/addByAcc', letter({ subject: '帳號來信' }), { token: user });
    expect(sent.status).toBe(200);
    await deliverDueMail();
    expect((await smtp.waitFor(1))[0].subject).toContain('帳號來信');
  });

  test('a refusing server leaves the message stored and the mail queued, then it is delivered when the server accepts again', async () => {
    smtp.refuse = true;
    const sent = await send(letter({ subject: '退信測試' }));
    expect(sent.status).toBe(200);
    const started = new Date();
    expect(await deliverDueMail(started)).toMatchObject({ retry: 1 });
    const db = await getDb();
    const [stored] = await db.select().from(webcontact).where(eq(webcontact.id, sent.body.id));
    expect(stored).toMatchObject({ subject: '退信測試' });
    let [row] = await queueRows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/550|refuses/);
    expect(row.nextAttemptAt.getTime()).toBe(started.getTime() + RETRY_DELAYS_MS[0]);
    // Not due yet: nothing is tried before the wait is over.
    expect(await deliverDueMail(new Date(started.getTime() + RETRY_DELAYS_MS[0] - 1000))).toMatchObject({
      sent: 0,
      retry: 0,
    });

    const status = await call('GET', 'mail/status', undefined, { token: admin });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ enabled: true, pending: 1, failingCount: 1 });
    expect(status.body.failing[0]).toMatchObject({
      kind: 'contact',
      recipients: ['staff@example.org', 'head@example.org'],
      attempts: 1,
      status: 'pending',
    });
    const asUser = await call('GET', 'mail/status', undefined, { token: user });
    expect(asUser.body).toMatchObject({ enabled: true, failingCount: 1, failing: [] });

    const attempts = async (outcome: string) =>
      (await metrics().mailAttempts.get()).values.find(
        (value) => value.labels.kind === 'contact' && value.labels.outcome === outcome,
      )?.value ?? 0;
    const [retriedBefore, sentBefore] = [await attempts('retry'), await attempts('sent')];
    expect(retriedBefore).toBeGreaterThanOrEqual(1);

    smtp.refuse = false;
    expect(await deliverDueMail(new Date(started.getTime() + RETRY_DELAYS_MS[0]))).toMatchObject({ sent: 1 });
    expect(await attempts('sent')).toBe(sentBefore + 1);
    expect((await smtp.waitFor(1))[0].subject).toContain('退信測試');
    [row] = await queueRows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  test('a server that is down: the message is answered at once, the mail waits and is sent when the server is back', async () => {
    await smtp.stop();
    try {
      const sent = await send(letter({ subject: '停機測試' }));
      expect(sent.status).toBe(200);
      const now = new Date();
      expect(await deliverDueMail(now)).toMatchObject({ retry: 1 });
      expect((await queueRows())[0]).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      await smtp.start();
    }
    expect(await deliverDueMail(new Date(Date.now() + RETRY_DELAYS_MS[0]))).toMatchObject({ sent: 1 });
    expect((await smtp.waitFor(1))[0].subject).toContain('停機測試');
  });

  test('after the last attempt the mail is given up and stays listed as failing', async () => {
    smtp.refuse = true;
    await send(letter({ subject: '放棄測試' }));
    const when = await tryUntilGivenUp();
    const [row] = await queueRows();
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await deliverDueMail(new Date(when + 24 * 3600_000))).toMatchObject({ sent: 0, retry: 0 });
    const status = await call('GET', 'mail/status', undefined, { token: admin, language: 'en' });
    expect(status.body.failing[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null });
  });

  test('sent mails are kept as a record for a while, failed ones until removed by hand', async () => {
    await send(letter({ subject: '紀錄' }));
    await deliverDueMail();
    smtp.refuse = true;
    await send(letter({ subject: '失敗紀錄' }));
    await tryUntilGivenUp();
    expect((await queueRows()).map((row) => row.status)).toEqual(['sent', 'failed']);
    expect(await pruneMailQueue(new Date(Date.now() + KEEP_DONE_MS - 60_000))).toBe(0);
    expect(await pruneMailQueue(new Date(Date.now() + KEEP_DONE_MS + 60_000))).toBe(1);
    expect((await queueRows()).map((row) => row.status)).toEqual(['failed']);
  });

  test('two workers claiming at once send each mail once', async () => {
    await send(letter({ subject: '一' }));
    await send(letter({ subject: '二' }));
    await send(letter({ subject: '三' }));
    const results = await Promise.all([deliverDueMail(), deliverDueMail()]);
    expect(results[0].sent + results[1].sent).toBe(3);
    // The test server keeps each mail before it acknowledges it: once both workers are done, all are in.
    await smtp.waitFor(3);
    expect(smtp.received.map((mail) => mail.subject).sort()).toHaveLength(3);
  });

  test("a mail's own headers and attachments arrive, and its bodies, headers and attachments are emptied once sent", async () => {
    const queued = await enqueueMail({
      kind: 'registration',
      to: ['someone@example.org'],
      subject: '附件測試',
      text: 'text',
      html: '<p>html</p>',
      headers: { 'List-Id': 'News <news.example.org>' },
      attachments: [
        { filename: 'event.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' },
      ],
    });
    expect(queued).not.toBeNull();
    await deliverDueMail();
    const [mail] = await smtp.waitFor(1);
    expect(mail.parsed.headerLines.find((line) => line.key === 'list-id')?.line).toBe(
      'List-ID: News <news.example.org>', // nodemailer writes the name as RFC 2919 does
    );
    expect(mail.parsed.attachments.map((file) => [file.filename, file.contentType, file.content.toString()])).toEqual([
      ['event.ics', 'text/calendar', 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'],
    ]);
    const [row] = (await queueRows()).filter((r) => r.id === queued);
    expect(row).toMatchObject({ status: 'sent', text: '', html: '', headers: null, attachments: null });
  });

  test('a mail with a once key is queued once, however often and from however many callers it is asked for', async () => {
    const mail = {
      kind: 'registration' as const,
      to: ['someone@example.org'],
      subject: '一次',
      text: 't',
      html: 'h',
      onceKey: 'reminder:1:3',
    };
    const ids = await Promise.all([enqueueMail(mail), enqueueMail(mail), enqueueMail(mail)]);
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    expect(await enqueueMail({ ...mail, onceKey: 'reminder:1:1' })).not.toBeNull();
    await deliverDueMail();
    await smtp.waitFor(2);
    expect(smtp.received).toHaveLength(2);
  });

  test('without notification addresses nothing is queued', async () => {
    await call('POST', 'websetting/webinfo', { notifyEmails: '' }, { token: admin, language: 'en' });
    try {
      expect((await send(letter(), 'en')).status).toBe(200);
      expect(await queueRows()).toEqual([]);
    } finally {
      await call(
        'POST',
        'websetting/webinfo',
        { notifyEmails: 'english@example.org' },
        { token: admin, language: 'en' },
      );
    }
  });

  test('without SMTP_URL nothing is queued or sent, and the status says e-mail is off', async () => {
    useSmtp(undefined);
    try {
      const sent = await send(letter());
      expect(sent.status).toBe(200);
      expect(await queueRows()).toEqual([]);
      const status = await call('GET', 'mail/status', undefined, { token: user });
      expect(status.body).toEqual({ enabled: false, pending: 0, failingCount: 0, failing: [] });
    } finally {
      useSmtp(smtp.url);
    }
  });

  test('the status is for signed-in staff only', async () => {
    expect((await call('GET', 'mail/status')).status).toBe(401);
  });
});

describe('notifyEmails setting', () => {
  test('is a comma-separated list of addresses, normalized, and hidden from visitors', async () => {
    const saved = await call(
      'POST',
      'websetting/webinfo',
      { notifyEmails: ' a@example.org ;b@example.org,  ' },
      { token: admin, language: 'tw' },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.notifyEmails).toBe('a@example.org, b@example.org');
    expect((await call('GET', 'websetting/webinfo')).body).not.toHaveProperty('notifyEmails');
    await call(
      'POST',
      'websetting/webinfo',
      { notifyEmails: 'staff@example.org, head@example.org' },
      { token: admin, language: 'tw' },
    );
  });

  test('refuses anything that is not an address, in the request language', async () => {
    for (const [language, value] of [
      ['tw', 'staff@example.org, not-an-address'],
      ['en', 'a@b'],
    ] as const) {
      const result = await call('POST', 'websetting/webinfo', { notifyEmails: value }, { token: admin, language });
      expect(result.status).toBe(400);
      expect(result.body.errors[0].field).toBe('notifyEmails');
      expect(result.body.message).toBe(
        message(language, 'notEmailList', {
          field:
            language === 'tw'
              ? '新聯絡訊息通知信箱（以逗號分隔）'
              : 'Notify of new contact messages (addresses, comma-separated)',
        }),
      );
    }
    const db = await getDb();
    const rows = await db.execute(sql`select data->>'notifyEmails' as value from websetting where scope = 'tw'`);
    expect((rows.rows[0] as { value: string }).value).toBe('staff@example.org, head@example.org');
  });
});
