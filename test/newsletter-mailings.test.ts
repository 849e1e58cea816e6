/**
 * Mailings and digests of the newsletter, every mail checked at a real SMTP listener: the headers
 * of one-click unsubscribe and of deliverability (multipart, Message-ID, Date, List-Id, DKIM when
 * configured), a test send to one address, the counts, MAIL_RATE_PER_MINUTE, a half-queued mailing
 * resumed at start-up, never twice to one address for one mailing when two servers (two pools on
 * PostgreSQL, and on PostgreSQL two server processes as well) queue and send it at once, the counts
 * after the queue's rows are pruned, and the digest's period; bulletins for members only reach only
 * the subscribers who chose them whose address is still an active Member account's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { resetConfig } from '../lib/config';
import { getDb, installConnection, type Database } from '../lib/db';
import { openPostgres, type Connection } from '../lib/db/client';
import { account, mailQueue, newsletterMailings, newsletterSubscribers } from '../lib/db/schema';
import { hashPassword } from '../lib/content/auth/passwords';
import { Role } from '../lib/content/model/roles';
import { deliverDueMail, KEEP_DONE_MS, pruneMailQueue } from '../lib/mail/queue';
import { newToken } from '../lib/content/operations/newsletter';
import { queueMailing, resumeMailings } from '../lib/content/operations/newsletter-mailings';
import { digestPeriod, sendScheduledDigest } from '../lib/content/operations/newsletter-digest';
import { absoluteRowUrl } from '../lib/public/row-links';
import { call, signedIn } from './helpers/api';
import { addRow } from './helpers/content';
import { MAIL_SITE, withDatabaseAndMail } from './helpers/mail-fixture';
import type { ReceivedMail } from './helpers/smtp';

const { database, smtp } = withDatabaseAndMail();
const SITE = MAIL_SITE;
let admin: string;
let user: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
  user = (await signedIn(0)).token;
});

afterAll(() => {
  for (const name of ['MAIL_RATE_PER_MINUTE', 'DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'])
    delete process.env[name];
  resetConfig();
});

beforeEach(async () => {
  const db = await getDb();
  await db.delete(newsletterSubscribers);
  await db.delete(newsletterMailings);
});

/** Active subscribers as a confirmed sign-up leaves them. */
async function subscribers(count: number, values: { lang?: string; topics?: string[]; prefix?: string } = {}) {
  const db = await getDb();
  const now = new Date();
  return db
    .insert(newsletterSubscribers)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${values.prefix ?? 'reader'}${i}@example.com`,
        topics: values.topics ?? ['webnews', 'webbulletin', 'webactivity'],
        lang: values.lang ?? 'tw',
        status: 'active',
        token: newToken(),
        consentAt: now,
        consentAddress: '10.0.0.1',
        consentForm: 'page',
        consentVersion: '2026-11',
        consentLang: values.lang ?? 'tw',
        confirmedAt: now,
      })),
    )
    .returning();
}

const headerOf = (mail: ReceivedMail, name: string) =>
  mail.parsed.headerLines
    .find((line) => line.key === name)
    ?.line.replace(/\r?\n\s+/g, ' ')
    .replace(/^[^:]+:\s*/, '');

const mailing = (values: Record<string, unknown> = {}) => ({
  subject: '十一月會訊',
  content: '<p>本月重點</p><script>alert(1)</script>',
  topics: ['webnews'],
  lang: 'tw',
  ...values,
});

describe('mailings staff write', () => {
  test('a mailing reaches each matching active subscriber once, with one-click unsubscribe and its own links', async () => {
    const [first] = await subscribers(2);
    await subscribers(1, { lang: 'en', prefix: 'english' });
    await subscribers(1, { topics: ['webactivity'], prefix: 'activities' });
    const db = await getDb();
    await db
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed' })
      .where(eq(newsletterSubscribers.email, 'reader1@example.com'));
    const news = await addRow('webnews', { title: '新制上路', summary: '摘要文字' }, { token: admin, language: 'tw' });

    const sent = await call('POST', 'newsletter/send', mailing({ items: [{ resource: 'webnews', id: news.id }] }), {
      token: user,
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ queued: 1 });
    await deliverDueMail();
    expect(smtp.received.map((m) => m.envelopeTo[0])).toEqual(['reader0@example.com']);
    const [mail] = smtp.received;
    const token = first.token;
    expect(headerOf(mail, 'list-unsubscribe')).toBe(`<${SITE}/api/newsletter/unsubscribe?token=${token}>`);
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The site's name (公會 by default) encoded on its own, the id itself plain.
    expect(headerOf(mail, 'list-id')).toBe(
      `=?UTF-8?B?${Buffer.from('公會').toString('base64')}?= <newsletter.site.example>`,
    );
    expect(mail.parsed.messageId).toMatch(/^<.+@.+>$/);
    expect(mail.parsed.date).toBeInstanceOf(Date);
    expect(headerOf(mail, 'content-type')).toMatch(/^multipart\/alternative/);
    // Both parts readable: the text, the card of the chosen item, the manage link; no script.
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('本月重點');
      expect(part).toContain('新制上路');
      expect(part).toContain(`${SITE}/tw/newsletter/manage?token=${token}`);
      expect(part).not.toContain('alert(1)');
    }
    expect(mail.html).toContain(`${SITE}/tw/news/${news.id}`);

    // The unsubscribe link of the mail, posted as a mail client does: no cookie, no XSRF header.
    const oneClick = await call('POST', `newsletter/unsubscribe?token=${token}`, undefined, {
      xsrf: false,
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);

    const list = await call('POST', 'newsletter/mailings', {}, { token: user });
    expect(list.body.data).toEqual([
      expect.objectContaining({ kind: 'mailing', subject: '十一月會訊', queued: 1, sent: 1, failed: 0, pending: 0 }),
    ]);
  });

  test('a mailing’s counts outlive the queue’s rows, which are pruned after 30 days', async () => {
    await subscribers(3);
    expect((await call('POST', 'newsletter/send', mailing(), { token: user })).body).toEqual({ queued: 3 });
    await deliverDueMail();
    const db = await getDb();
    // One of the three could not be delivered in time (a mail past its use is `expired`).
    const [late] = await db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.recipients, ['reader2@example.com']));
    await db.update(mailQueue).set({ status: 'expired' }).where(eq(mailQueue.id, late.id));
    const counts = async () => (await call('POST', 'newsletter/mailings', {}, { token: user })).body.data[0];
    expect(await counts()).toMatchObject({ queued: 3, sent: 2, failed: 1, pending: 0 });

    expect(await pruneMailQueue(new Date(Date.now() + KEEP_DONE_MS - 60_000))).toBe(0);
    expect(await pruneMailQueue(new Date(Date.now() + KEEP_DONE_MS + 60_000))).toBe(3);
    expect(await db.select().from(mailQueue)).toEqual([]);
    expect(await counts()).toMatchObject({ queued: 3, sent: 2, failed: 1, pending: 0 });
  });

  test('a test send goes to that one address only, marked as a test; the preview sends nothing', async () => {
    await subscribers(3);
    const preview = await call('POST', 'newsletter/preview', mailing(), { token: user });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('本月重點');
    const test = await call('POST', 'newsletter/send', mailing({ test: 'editor@example.org' }), { token: user });
    expect(test.body).toEqual({ queued: 1 });
    await deliverDueMail();
    expect(smtp.received.map((m) => m.envelopeTo)).toEqual([['editor@example.org']]);
    expect(smtp.received[0].subject).toBe('[測試] 十一月會訊');
    expect((await call('POST', 'newsletter/mailings', {}, { token: user })).body.total).toBe(0);
  });

  test('visitors may not send; bad input is a 400 in the request language', async () => {
    expect((await call('POST', 'newsletter/send', mailing())).status).toBe(401);
    const bad = await call('POST', 'newsletter/send', mailing({ subject: '', topics: ['nothing'] }), {
      token: user,
      language: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['subject', 'topics']);
    const badTest = await call('POST', 'newsletter/send', mailing({ test: 'nobody' }), { token: user, language: 'en' });
    expect(badTest.status).toBe(400);
  });

  test('MAIL_RATE_PER_MINUTE holds a mailing back, never a password reset or a confirmation', async () => {
    await subscribers(5);
    process.env.MAIL_RATE_PER_MINUTE = '2';
    resetConfig();
    try {
      await call('POST', 'newsletter/send', mailing(), { token: user });
      await call(
        'POST',
        'newsletter/subscribe',
        { email: 'new@example.com', topics: ['webnews'] },
        { xsrf: false, ip: '10.3.3.3' },
      );
      const now = new Date();
      expect((await deliverDueMail(now)).sent).toBe(3);
      expect(smtp.received.some((m) => m.envelopeTo[0] === 'new@example.com')).toBe(true);
      expect((await deliverDueMail(now)).sent).toBe(0);
      // A minute on, two more.
      expect((await deliverDueMail(new Date(now.getTime() + 61_000))).sent).toBe(2);
    } finally {
      delete process.env.MAIL_RATE_PER_MINUTE;
      resetConfig();
    }
  });

  test('a mailing a stopped server left half queued is queued to the rest at start-up, no one twice', async () => {
    const people = await subscribers(4);
    const db = await getDb();
    const [stored] = await db
      .insert(newsletterMailings)
      .values({ kind: 'mailing', subject: '會訊', content: '<p>內容</p>', items: [], topics: ['webnews'], lang: 'tw' })
      .returning();
    // The server stopped after queuing two of the four.
    await db.insert(mailQueue).values(
      people.slice(0, 2).map((person) => ({
        kind: 'newsletter',
        recipients: [person.email],
        subject: '會訊',
        text: '內容',
        html: '<p>內容</p>',
        onceKey: `mailing:${stored.id}:${person.id}`,
      })),
    );
    expect(await resumeMailings(absoluteRowUrl)).toBe(2);
    expect(await resumeMailings(absoluteRowUrl)).toBe(0);
    await deliverDueMail();
    expect(smtp.received.map((m) => m.envelopeTo[0]).sort()).toEqual(people.map((p) => p.email).sort());
  });

  test('two servers queuing and sending one mailing at once mail each address once', async () => {
    const people = await subscribers(30);
    const db = await getDb();
    const [stored] = await db
      .insert(newsletterMailings)
      .values({ kind: 'mailing', subject: '會訊', content: '<p>內容</p>', items: [], topics: ['webnews'], lang: 'tw' })
      .returning();
    await asTwoServers(async (server) => {
      await server(() => queueMailing(stored, absoluteRowUrl));
      await server(() => deliverDueMail());
    });
    const addresses = smtp.received.map((m) => m.envelopeTo[0]);
    expect(addresses.sort()).toEqual(people.map((p) => p.email).sort());
    expect(new Set(addresses).size).toBe(30);
  });

  // Two processes need a database server: the embedded database belongs to one process (its lock).
  if (process.env.DATABASE_URL) {
    test('two server processes sending one mailing on one database mail each address exactly once', async () => {
      const people = await subscribers(40);
      const db = await getDb();
      const [stored] = await db
        .insert(newsletterMailings)
        .values({
          kind: 'mailing',
          subject: '會訊',
          content: '<p>內容</p>',
          items: [],
          topics: ['webnews'],
          lang: 'tw',
        })
        .returning();
      const servers = [0, 1].map(() => sendingProcess(database.connection().schema, stored.id));
      await Promise.all(servers.map((server) => server.said('ready')));
      for (const server of servers) server.child.stdin!.end('go\n');
      const reports = (await Promise.all(servers.map((server) => server.done))).map(
        (out) => JSON.parse(out.trim().split('\n').pop()!) as { queued: number; sent: number },
      );
      // Each mail queued by one process or the other, and sent by one or the other, never both.
      expect(reports.reduce((sum, report) => sum + report.queued, 0)).toBe(40);
      expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(40);
      const addresses = smtp.received.map((m) => m.envelopeTo[0]);
      expect(addresses.sort()).toEqual(people.map((p) => p.email).sort());
      const list = await call('POST', 'newsletter/mailings', {}, { token: user });
      expect(list.body.data[0]).toMatchObject({ queued: 40, sent: 40, failed: 0, pending: 0 });
    }, 120_000);
  }
});

/** A server process (test/fixtures/send-mailing.ts) of the schema's database, set to send one mailing. */
function sendingProcess(schema: string, mailingId: number) {
  const child = spawn(
    path.join('node_modules', '.bin', 'tsx'),
    ['--tsconfig', 'tsconfig.scripts.json', 'test/fixtures/send-mailing.ts', schema, String(mailingId)],
    { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env } },
  );
  let out = '';
  const listeners: (() => void)[] = [];
  child.stderr!.on('data', (chunk) => {
    out += chunk;
  });
  child.stdout!.on('data', (chunk) => {
    out += chunk;
    for (const listener of listeners) listener();
  });
  const done = new Promise<string>((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${out}`)))),
  );
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      if (out.includes(word)) return resolve();
      listeners.push(() => out.includes(word) && resolve());
      void done.then(() => reject(new Error(`ended without "${word}": ${out}`)), reject);
    });
  return { child, said, done };
}

/**
 * Runs `work` twice at once, as two app servers would: on PostgreSQL each through its own pool
 * (the installed connection answers each call with the pool of the server it runs for); on PGlite,
 * which serves one process, both on its one connection.
 */
async function asTwoServers(work: (server: (task: () => Promise<unknown>) => Promise<unknown>) => Promise<void>) {
  const url = process.env.DATABASE_URL;
  const mine = database.connection();
  if (!url) {
    await Promise.all([work((task) => task()), work((task) => task())]);
    return;
  }
  const other: Connection = await openPostgres(url, { searchPath: mine.schema });
  const current = new AsyncLocalStorage<Database>();
  const routed = new Proxy(mine.db as object, {
    get: (_, property) => {
      const db = (current.getStore() ?? mine.db) as unknown as Record<string | symbol, unknown>;
      const value = db[property];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(db) : value;
    },
  }) as Database;
  installConnection({ ...mine, db: routed });
  try {
    await Promise.all([
      current.run(mine.db, () => work((task) => task())),
      current.run(other.db, () => work((task) => task())),
    ]);
  } finally {
    installConnection(mine);
    await other.close();
  }
}

describe('deliverability', () => {
  test('with DKIM configured every mail carries a well-formed DKIM-Signature for the domain', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    process.env.DKIM_DOMAIN = 'site.example';
    process.env.DKIM_SELECTOR = 'mail2026';
    // As an environment variable often holds it: one line, newlines escaped.
    process.env.DKIM_PRIVATE_KEY = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n');
    resetConfig();
    try {
      await subscribers(1);
      await call('POST', 'newsletter/send', mailing(), { token: user });
      await deliverDueMail();
      const signature = headerOf(smtp.received[0], 'dkim-signature')!;
      expect(signature).toBeDefined();
      const tags = Object.fromEntries(
        signature
          .replace(/\s+/g, '')
          .split(';')
          .filter(Boolean)
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      );
      expect(tags).toMatchObject({ v: '1', a: 'rsa-sha256', d: 'site.example', s: 'mail2026' });
      expect(tags.h.toLowerCase()).toContain('from');
      expect(tags.h.toLowerCase()).toContain('list-unsubscribe');
      expect(tags.bh).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(Buffer.from(tags.b, 'base64')).toHaveLength(256);
    } finally {
      delete process.env.DKIM_DOMAIN;
      delete process.env.DKIM_SELECTOR;
      delete process.env.DKIM_PRIVATE_KEY;
      resetConfig();
    }
  });
});

describe('the digest', () => {
  test('periods are days or ISO weeks on the site’s calendar', () => {
    // 23:30 UTC on 29 November is already 30 November in Taipei.
    expect(digestPeriod('daily', new Date('2026-11-29T23:30:00Z'))).toBe('2026-11-30');
    expect(digestPeriod('weekly', new Date('2026-11-29T03:00:00Z'))).toBe('2026-W48');
    expect(digestPeriod('weekly', new Date('2026-12-31T03:00:00Z'))).toBe('2026-W53');
    expect(digestPeriod('weekly', new Date('2027-01-04T03:00:00Z'))).toBe('2027-W01');
  });

  test('once per period across servers, per language and topics; nothing when nothing was published', async () => {
    await subscribers(1, { topics: ['webnews'], prefix: 'news' });
    await subscribers(1, { topics: ['webactivity'], prefix: 'activity' });
    await subscribers(1, { lang: 'en', prefix: 'english' });
    expect((await call('POST', 'websetting/webinfo', { newsletterDigest: 'daily' }, { token: admin })).status).toBe(
      200,
    );
    const start = new Date();
    // The first digest of each language looks back one period; nothing new yet in English or activities.
    const news = await addRow('webnews', { title: '今日新聞' }, { token: admin, language: 'tw' });
    const later = new Date(start.getTime() + 60_000);
    const outcomes = await Promise.all([
      sendScheduledDigest(absoluteRowUrl, later),
      sendScheduledDigest(absoluteRowUrl, later),
    ]);
    expect(outcomes.map((o) => o.queued).sort()).toEqual([0, 1]);
    await deliverDueMail(later);
    expect(smtp.received.map((m) => m.envelopeTo[0])).toEqual(['news0@example.com']);
    expect(smtp.received[0].text).toContain('今日新聞');
    expect(smtp.received[0].html).toContain(`${SITE}/tw/news/${news.id}`);
    expect(headerOf(smtp.received[0], 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Again in the same period: nothing more.
    expect((await sendScheduledDigest(absoluteRowUrl, new Date(later.getTime() + 60_000))).queued).toBe(0);
    // The next day with nothing published: nothing sent.
    smtp.received.length = 0;
    const nextDay = new Date(later.getTime() + 24 * 60 * 60 * 1000);
    expect(await sendScheduledDigest(absoluteRowUrl, nextDay)).toEqual({ queued: 0, items: 0 });
    await deliverDueMail(nextDay);
    expect(smtp.received).toHaveLength(0);
  });

  test('off sends nothing; POST newsletter/digest (Admins) runs it now', async () => {
    await subscribers(1);
    await call('POST', 'websetting/webinfo', { newsletterDigest: 'off' }, { token: admin });
    await addRow('webbulletintype', { name: '公告類別' }, { token: admin }).then((type) =>
      addRow('webbulletin', { typeId: type.id, title: '重要公告' }, { token: admin }),
    );
    expect(await sendScheduledDigest(absoluteRowUrl)).toEqual({ queued: 0, items: 0 });
    expect((await call('POST', 'newsletter/digest', {}, { token: user })).status).toBe(403);
    const now = await call('POST', 'newsletter/digest', {}, { token: admin });
    expect(now.status).toBe(200);
    expect(now.body.queued).toBe(1);
    await deliverDueMail();
    expect(smtp.received[0].text).toContain('重要公告');
  });
});

describe('bulletins for members only', () => {
  let serial = 0;

  /** An active Member account of a new institution whose e-mail is `email`. */
  async function memberAccount(email: string) {
    const institution = await addRow('webmemberdept', { name: `會員機構${++serial}`, category: 1 }, { token: admin });
    const db = await getDb();
    const [row] = await db
      .insert(account)
      .values({
        username: `member${serial}`,
        displayName: `Member ${serial}`,
        email,
        role: Role.Member,
        memberId: institution.id,
        passwordHash: await hashPassword('member password 1'),
      } as never)
      .returning({ id: account.id });
    return Number(row.id);
  }

  const bulletin = async (title: string, audience: 'members' | 'everyone') => {
    const type = await addRow('webbulletintype', { name: `類別${++serial}` }, { token: admin });
    return addRow('webbulletin', { typeId: type.id, title, audience }, { token: admin });
  };

  const digestNow = async () => {
    const answer = await call('POST', 'newsletter/digest', {}, { token: admin });
    expect(answer.status).toBe(200);
    await deliverDueMail();
    const mails = new Map(smtp.received.map((m) => [m.envelopeTo[0], m]));
    smtp.received.length = 0;
    return mails;
  };

  test('the digest sends them only to current Members who chose them; a disabled or removed Member stops getting them', async () => {
    await subscribers(1, { topics: ['memberBulletins'], prefix: 'member' });
    await subscribers(1, { topics: ['webbulletin', 'memberBulletins'], prefix: 'colleague' });
    // Stored as it is: an address that was never a Member's, with the topic.
    await subscribers(1, { topics: ['webbulletin', 'memberBulletins'], prefix: 'visitor' });
    await subscribers(1, { topics: ['webbulletin'], prefix: 'plain' });
    const memberId = await memberAccount('member0@example.com');
    const colleagueId = await memberAccount('Colleague0@example.com');
    // A Member who did not choose the topic gets none of them either.
    await subscribers(1, { topics: ['webbulletin'], prefix: 'unchosen' });
    await memberAccount('unchosen0@example.com');
    const secret = await bulletin('會員限定通知', 'members');
    await bulletin('公開公告', 'everyone');

    const first = await digestNow();
    expect([...first.keys()].sort()).toEqual([
      'colleague0@example.com',
      'member0@example.com',
      'plain0@example.com',
      'unchosen0@example.com',
      'visitor0@example.com',
    ]);
    for (const address of ['member0@example.com', 'colleague0@example.com']) {
      const mail = first.get(address)!;
      expect(mail.text).toContain('會員限定通知');
      expect(mail.html).toContain(`${SITE}/tw/bulletins/${secret.id}`);
    }
    expect(first.get('member0@example.com')!.text).not.toContain('公開公告');
    expect(first.get('colleague0@example.com')!.text).toContain('公開公告');
    for (const address of ['visitor0@example.com', 'plain0@example.com', 'unchosen0@example.com']) {
      expect(first.get(address)!.text).toContain('公開公告');
      expect(first.get(address)!.text).not.toContain('會員限定通知');
      expect(first.get(address)!.html).not.toContain(`/bulletins/${secret.id}`);
    }

    // One Member disabled, the other removed: the next bulletin for members only reaches neither.
    const db = await getDb();
    await db
      .update(account)
      .set({ isDisabled: true } as never)
      .where(eq(account.id, memberId));
    await db.delete(account).where(eq(account.id, colleagueId));
    await bulletin('第二則會員通知', 'members');
    await bulletin('第二則公開公告', 'everyone');
    const second = await digestNow();
    expect(second.has('member0@example.com')).toBe(false);
    expect(second.get('colleague0@example.com')!.text).toContain('第二則公開公告');
    for (const mail of second.values()) expect(mail.text).not.toContain('第二則會員通知');
  });

  test('a staff mailing for the topic reaches only current Members who chose it', async () => {
    await subscribers(1, { topics: ['memberBulletins'], prefix: 'member' });
    await subscribers(1, { topics: ['memberBulletins'], prefix: 'former' });
    await subscribers(1, { topics: ['webbulletin', 'memberBulletins'], prefix: 'visitor' });
    await subscribers(1, { topics: ['webnews'], prefix: 'news' });
    await memberAccount('member0@example.com');
    const formerId = await memberAccount('former0@example.com');
    const db = await getDb();
    await db
      .update(account)
      .set({ isDisabled: true } as never)
      .where(eq(account.id, formerId));
    const sent = await call('POST', 'newsletter/send', mailing({ topics: ['memberBulletins'] }), { token: user });
    expect(sent.body).toEqual({ queued: 1 });
    await deliverDueMail();
    expect(smtp.received.map((m) => m.envelopeTo[0])).toEqual(['member0@example.com']);
    // Items staff choose are public rows: a members-only topic is no item resource.
    const item = await call(
      'POST',
      'newsletter/send',
      mailing({ topics: ['memberBulletins'], items: [{ resource: 'memberBulletins', id: 1 }] }),
      { token: user },
    );
    expect(item.status).toBe(400);
  });
});
