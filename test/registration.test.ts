/**
 * Sign-ups for activities: the rules of `POST /api/webactivity/register/{id}` (each refusal in the
 * request's language), seats never oversold when 50 arrive at once for 10 (on PostgreSQL through two
 * pools, as two app servers), promotion from the waiting list, the manage link, the roster, check-in,
 * reminders sent once and the removal of personal data; the e-mails arrive at a real SMTP server and
 * their `.ics` is parsed back.
 */
import { and, eq, inArray } from 'drizzle-orm';
import ICAL from 'ical.js';
import { pruneRegistrations, sendReminders } from '../lib/content/operations/registration/housekeeping';
import { register } from '../lib/content/operations/registration/sign-up';
import { settleWaitingLists } from '../lib/content/operations/registration/waiting-list';
import { visitor } from '../lib/content/model/actor';
import webactivity from '../lib/content/resources/webactivity';
import { windowChanges } from '../lib/content/storage/reads';
import { getDb } from '../lib/db';
import { openPostgres, type Connection } from '../lib/db/client';
import { auditLog, registrations } from '../lib/db/schema';
import { calendarFile } from '../lib/mail/calendar';
import { deliverDueMail } from '../lib/mail/queue';
import { call, signedIn } from './helpers/api';
import { addRow, fromNow, message, taipei } from './helpers/content';
import { MAIL_SITE, withDatabaseAndMail } from './helpers/mail-fixture';
import type { ReceivedMail } from './helpers/smtp';

const { database, smtp } = withDatabaseAndMail();
const SITE = MAIL_SITE;
let admin: string;
let user: string;
let typeId: number;
let ipCounter = 0;
/** Each sign-up from its own address, so the per-address limit is not what a test measures. */
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
  user = (await signedIn(0)).token;
  await call('POST', 'websetting/webinfo', { siteName: '信託公會' }, { token: admin, language: 'tw' });
  await call('POST', 'websetting/webinfo', { siteName: 'Trust Association' }, { token: admin, language: 'en' });
  typeId = (await addRow('webactivitytype', { name: '研討會' }, { token: admin, language: 'tw' })).id;
});

async function activity(settings: Record<string, unknown> = {}, language: 'tw' | 'en' = 'tw') {
  return (
    await addRow(
      'webactivity',
      {
        typeId:
          language === 'tw'
            ? typeId
            : (await addRow('webactivitytype', { name: 'Seminar' }, { token: admin, language })).id,
        title: language === 'tw' ? '信託法規研討會' : 'Trust law seminar',
        startAt: taipei(fromNow(24 * 10)),
        endAt: taipei(fromNow(24 * 10 + 2)),
        location: '台北市中正區',
        registrationEnabled: true,
        ...settings,
      },
      { token: admin, language },
    )
  ).id as number;
}

const person = (n: number, extra: Record<string, unknown> = {}) => ({
  name: `報名者 ${n}`,
  email: `person${n}@example.org`,
  seats: 1,
  consent: true,
  ...extra,
});

const signUp = (id: number, body: Record<string, unknown>, language: 'tw' | 'en' = 'tw') =>
  call('POST', `webactivity/register/${id}`, body, { language, ip: nextIp() });

async function delivered(count: number): Promise<ReceivedMail[]> {
  await deliverDueMail();
  return smtp.waitFor(count);
}

describe('signing up: each refusal is a 400 in the request’s language', () => {
  test('bad fields, consent, seats, a closed or not yet open sign-up, an address twice', async () => {
    const id = await activity({ capacity: 3, maxSeats: 2, askFields: 'organization*,phone,dietary' });
    for (const language of ['tw', 'en'] as const) {
      const missing = await signUp(id, { consent: true }, language);
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(message(language, 'required', { field: language === 'tw' ? '姓名' : 'Name' }));
      const fields = missing.body.errors?.map((e: { field: string }) => e.field) ?? [];
      expect(fields).toEqual(expect.arrayContaining(['name', 'email', 'organization']));

      const badEmail = await signUp(id, person(1, { email: 'not-an-address', organization: 'A' }), language);
      expect(badEmail.status).toBe(400);
      expect(badEmail.body.message).toBe(
        message(language, 'notEmail', { field: language === 'tw' ? '電子郵件' : 'E-mail' }),
      );

      const noConsent = await signUp(id, person(1, { consent: false, organization: 'A' }), language);
      expect(noConsent.status).toBe(400);
      expect(noConsent.body.message).toBe(message(language, 'consentRequired'));

      const tooMany = await signUp(id, person(1, { seats: 3, organization: 'A' }), language);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe(
        message(language, 'tooLarge', { field: language === 'tw' ? '人數' : 'Seats', max: 2 }),
      );
    }
    // 3 seats, no waiting list: 2 then 2 more is refused with the seats left.
    expect((await signUp(id, person(1, { seats: 2, organization: 'A' }))).body.status).toBe('confirmed');
    const over = await signUp(id, person(2, { seats: 2, organization: 'B' }), 'en');
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(message('en', 'notEnoughSeats', { left: 1 }));

    const closed = await activity({ registrationClosesAt: taipei(fromNow(-1)) });
    const notYet = await activity({ registrationOpensAt: taipei(fromNow(5)) });
    const off = await activity({ registrationEnabled: false });
    for (const shut of [closed, notYet, off]) {
      const answer = await signUp(shut, person(3), 'en');
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message('en', 'registrationClosed'));
    }
    expect((await signUp(999999, person(3))).status).toBe(404);
  });

  test('the same address twice is refused without telling of the sign-up, and its manage link is sent again', async () => {
    const id = await activity();
    const first = await signUp(id, person(7));
    expect(first.body).toEqual({
      status: 'confirmed',
      code: expect.stringMatching(/^[2-9A-Z]{8}$/),
      seats: 1,
      manageUrl: expect.stringMatching(new RegExp(`^${SITE}/tw/registration/[\\w-]{43}$`)),
    });
    const again = await signUp(id, person(7, { email: 'PERSON7@example.org', name: 'Someone else' }), 'en');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(message('en', 'alreadyRegistered'));
    expect(JSON.stringify(again.body)).not.toContain(first.body.code);
    const mails = await delivered(2);
    const resent = mails.find((mail) => mail.subject.includes('您的報名'))!;
    expect(resent.envelopeTo).toEqual(['person7@example.org']);
    expect(resent.text).toContain(first.body.manageUrl);
  });
});

/** 50 answers for 10 seats: 10 confirmed and 40 waiting; answers the activities' sign-ups in arrival order. */
async function tenOfFifty(answers: { status: string }[], activityIds: number[]) {
  expect(answers.filter((a) => a.status === 'confirmed')).toHaveLength(10);
  expect(answers.filter((a) => a.status === 'waitlisted')).toHaveLength(40);
  const db = await getDb();
  return db
    .select()
    .from(registrations)
    .where(inArray(registrations.activityId, activityIds))
    .orderBy(registrations.id);
}

describe('seats are never oversold', () => {
  const url = process.env.DATABASE_URL;
  let other: Connection | undefined;
  beforeAll(async () => {
    // A second app server: its own pool on the same database and schema.
    if (url) other = await openPostgres(url, { searchPath: database.connection().schema });
  });
  afterAll(async () => {
    await other?.close();
  });

  test(`50 sign-ups at once for 10 seats: 10 confirmed, 40 waitlisted in arrival order${url ? ' (two pools)' : ''}`, async () => {
    const id = await activity({ capacity: 10, waitlistEnabled: true });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        register(visitor('tw', `10.50.0.${n}`), String(id), person(100 + n), {
          db: other && n % 2 ? other.db : undefined,
        }),
      ),
    );
    const rows = await tenOfFifty(answers, [id]);
    const db = await getDb();
    // Arrival order is the order the lock let them in: the first 10 rows hold the seats.
    expect(rows.map((row) => row.status)).toEqual([...Array(10).fill('confirmed'), ...Array(40).fill('waitlisted')]);
    expect(new Set(rows.map((row) => row.code)).size).toBe(50);

    // A cancellation promotes the first on the waiting list, who is told.
    const manage = (code: string) =>
      answers
        .find((a) => a.code === code)!
        .manageUrl.split('/')
        .pop()!;
    await deliverDueMail();
    smtp.received.length = 0;
    const cancelled = await call('POST', `registration/cancel/${manage(rows[3].code)}`, undefined, { language: 'tw' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const [promoted] = await db.select().from(registrations).where(eq(registrations.id, rows[10].id));
    expect(promoted.status).toBe('confirmed');
    const [stillWaiting] = await db.select().from(registrations).where(eq(registrations.id, rows[11].id));
    expect(stillWaiting.status).toBe('waitlisted');
    const mails = await delivered(2);
    expect(mails.map((mail) => mail.envelopeTo[0]).sort()).toEqual([rows[10].email, rows[3].email].sort());
    expect(mails.find((mail) => mail.envelopeTo[0] === rows[10].email)!.subject).toContain('候補成功');
    // A second cancellation changes nothing.
    expect((await call('POST', `registration/cancel/${manage(rows[3].code)}`)).body.status).toBe('cancelled');
    const roster = await call('POST', `webactivity/registrations/${id}`, {}, { token: admin });
    expect(roster.body.counts).toMatchObject({ confirmed: 10, waitlisted: 39, cancelled: 1, seatsConfirmed: 10 });
  });

  test(`an activity and its counterpart are one event: 50 sign-ups through both languages for 10 seats${url ? ' (two pools)' : ''}`, async () => {
    const tw = await activity({ capacity: 12, waitlistEnabled: true });
    // The smaller capacity of the pair binds both.
    const en = await activity({ capacity: 10, waitlistEnabled: true, translationId: tw }, 'en');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        register(visitor(n % 2 ? 'en' : 'tw', `10.51.0.${n}`), String(n % 2 ? en : tw), person(300 + n), {
          db: other && n % 4 > 1 ? other.db : undefined,
        }),
      ),
    );
    const rows = await tenOfFifty(answers, [tw, en]);
    const db = await getDb();
    expect(rows.map((row) => row.status)).toEqual([...Array(10).fill('confirmed'), ...Array(40).fill('waitlisted')]);
    expect(new Set(rows.map((row) => row.activityId))).toEqual(new Set([tw, en]));

    // One roster, whichever language's back office opens it.
    for (const [id, language] of [
      [tw, 'tw'],
      [en, 'en'],
    ] as const) {
      const roster = await call(
        'POST',
        `webactivity/registrations/${id}`,
        { pageSize: 100 },
        { token: admin, language },
      );
      expect(roster.body.total).toBe(50);
      expect(roster.body.counts).toMatchObject({ confirmed: 10, waitlisted: 40, seatsConfirmed: 10, capacity: 10 });
    }
    // An address signed up in one language is signed up in the other.
    const twice = await signUp(en, person(300), 'en');
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(message('en', 'alreadyRegistered'));

    // A Chinese cancellation frees a seat for the first waiting, who signed up in English and is told in English.
    const firstWaiting = rows[10];
    const confirmedTw = rows.find((row) => row.status === 'confirmed' && row.activityId === tw)!;
    await deliverDueMail();
    smtp.received.length = 0;
    expect((await call('POST', `registration/cancel/${confirmedTw.token}`)).body.status).toBe('cancelled');
    const [promoted] = await db.select().from(registrations).where(eq(registrations.id, firstWaiting.id));
    expect(promoted.status).toBe('confirmed');
    const mails = await delivered(2);
    const promotion = mails.find((mail) => mail.envelopeTo[0] === firstWaiting.email)!;
    expect(promotion.subject).toContain(firstWaiting.activityId === en ? 'Trust law seminar' : '信託法規研討會');
  });

  test('freed seats go to the first waiting sign-up that fits', async () => {
    const id = await activity({ capacity: 3, maxSeats: 3, waitlistEnabled: true });
    const a = await signUp(id, person(201, { seats: 2 }));
    await signUp(id, person(202, { seats: 1 }));
    const big = await signUp(id, person(203, { seats: 2 }));
    const small = await signUp(id, person(204, { seats: 1 }));
    expect([big.body.status, small.body.status]).toEqual(['waitlisted', 'waitlisted']);
    // One seat freed (2 → 1): the 2-seat sign-up does not fit, the 1-seat one after it does.
    const db = await getDb();
    const [row] = await db.select().from(registrations).where(eq(registrations.code, a.body.code));
    const changed = await call('PUT', 'webactivity/registration/update', { id: row.id, seats: 1 }, { token: user });
    expect(changed.status).toBe(200);
    const statuses = await db
      .select({ code: registrations.code, status: registrations.status })
      .from(registrations)
      .where(eq(registrations.activityId, id));
    expect(statuses.find((s) => s.code === big.body.code)!.status).toBe('waitlisted');
    expect(statuses.find((s) => s.code === small.body.code)!.status).toBe('confirmed');
    // Staff cannot move a sign-up from the waiting list into seats that are not there.
    const [waiting] = await db.select().from(registrations).where(eq(registrations.code, big.body.code));
    const refused = await call(
      'PUT',
      'webactivity/registration/update',
      { id: waiting.id, status: 'confirmed' },
      { token: user, language: 'en' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message('en', 'notEnoughSeats', { left: 0 }));
  });
});

describe('a staff change of the activity', () => {
  test('a larger capacity promotes the waiting list as soon as staff save it, and they are told', async () => {
    const id = await activity({ capacity: 1, waitlistEnabled: true });
    await signUp(id, person(251));
    const waiting = await signUp(id, person(252));
    const later = await signUp(id, person(253));
    expect([waiting.body.status, later.body.status]).toEqual(['waitlisted', 'waitlisted']);
    await deliverDueMail();
    smtp.received.length = 0;
    const statusOf = async (code: string) => {
      const db = await getDb();
      const [row] = await db.select().from(registrations).where(eq(registrations.code, code));
      return row.status;
    };
    const raised = await call('PUT', 'webactivity/update', { id, capacity: 2 }, { token: admin });
    expect(raised.status).toBe(200);
    // Promoted by the save itself: nobody opened the roster, nobody signed up, no job ran.
    expect([await statusOf(waiting.body.code), await statusOf(later.body.code)]).toEqual(['confirmed', 'waitlisted']);
    const [mail] = await delivered(1);
    expect(mail.envelopeTo).toEqual(['person252@example.org']);
    expect(mail.subject).toContain('候補成功');
    // A change of other fields promotes no one; no limit at all takes everyone waiting.
    await call('PUT', 'webactivity/update', { id, location: '台北市信義區' }, { token: admin });
    expect(await statusOf(later.body.code)).toBe('waitlisted');
    await call('PUT', 'webactivity/update', { id, capacity: null }, { token: admin });
    expect(await statusOf(later.body.code)).toBe('confirmed');
    expect(await settleWaitingLists()).toBe(0);
    const roster = await call('POST', `webactivity/registrations/${id}`, {}, { token: user });
    expect(roster.body.counts).toMatchObject({ confirmed: 3, waitlisted: 0 });
  });
});

describe('the e-mails', () => {
  test('a confirmation carries the details, the manage link and an .ics with a stable UID, the time zone, place and page', async () => {
    const id = await activity({}, 'en');
    const answer = await signUp(id, person(301), 'en');
    const [mail] = await delivered(1);
    expect(mail.subject).toBe('[Trust Association] Sign-up confirmed: Trust law seminar');
    expect(mail.text).toContain(answer.body.code);
    expect(mail.text).toContain(answer.body.manageUrl);
    const [file] = mail.parsed.attachments;
    expect(file.filename).toBe('activity.ics');
    expect(file.contentType).toBe('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(file.content.toString()));
    const zone = calendar.getFirstSubcomponent('vtimezone')!;
    expect(zone.getFirstPropertyValue('tzid')).toBe('Asia/Taipei');
    ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`activity-${id}@site.example`);
    expect(event.summary).toBe('Trust law seminar');
    expect(event.location).toBe('台北市中正區');
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('url')).toBe(`${SITE}/en/activities/${id}`);
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(
      'Asia/Taipei',
    );
    const stored = (await call('GET', `webactivity/get/${id}`, undefined, { token: admin, language: 'en' })).body;
    expect(event.startDate.toString().slice(0, 19)).toBe(stored.startAt);
    expect(event.startDate.toJSDate().getTime()).toBe(new Date(`${stored.startAt}+08:00`).getTime());
  });

  test('a zone with daylight saving is written in UTC, which no single VTIMEZONE offset could say', () => {
    const text = calendarFile(
      [{ uid: 'x@site', start: new Date('2026-07-01T13:00:00Z'), end: null, summary: 'S', url: 'http://x' }],
      { name: 'S', timeZone: 'America/New_York', prodId: 'Site' },
    );
    expect(text).toContain('DTSTART:20260701T130000Z');
    expect(text).not.toContain('VTIMEZONE');
  });

  test('a waitlisted sign-up is told so, without a calendar file', async () => {
    const id = await activity({ capacity: 1, waitlistEnabled: true });
    await signUp(id, person(311));
    const waiting = await signUp(id, person(312));
    expect(waiting.body.status).toBe('waitlisted');
    const mails = await delivered(2);
    const mail = mails.find((m) => m.envelopeTo[0] === 'person312@example.org')!;
    expect(mail.subject).toBe('[信託公會] 候補中：信託法規研討會');
    expect(mail.parsed.attachments).toHaveLength(0);
  });

  test('reminders 3 days and 1 day before the start are queued once, however many servers look', async () => {
    const id = await activity({ startAt: taipei(fromNow(24 * 2.5)), endAt: taipei(fromNow(24 * 2.5 + 1)) });
    const db = await getDb();
    const answer = await signUp(id, person(321));
    // Signed up well before: backdate it, as if it came a week ago.
    await db
      .update(registrations)
      .set({ createdAt: fromNow(-24 * 7) })
      .where(eq(registrations.code, answer.body.code));
    await deliverDueMail();
    smtp.received.length = 0;
    await Promise.all([sendReminders(), sendReminders(), sendReminders()]);
    await sendReminders(fromNow(24 * 2)); // 12 hours before: the 1-day one
    await sendReminders(fromNow(24 * 2));
    const mails = await delivered(2);
    await deliverDueMail();
    expect(smtp.received).toHaveLength(2);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      '[信託公會] 活動提醒：信託法規研討會（1 天後）',
      '[信託公會] 活動提醒：信託法規研討會（3 天後）',
    ]);
  });
});

describe('the activity page’s state', () => {
  test('cached pages of activities expire when a sign-up opens, as at a publication window', async () => {
    const opens = fromNow(5);
    await activity({ registrationOpensAt: taipei(opens) });
    const { next } = await windowChanges(webactivity);
    expect(next!.getTime()).toBeLessThanOrEqual(Math.floor(opens.getTime() / 1000) * 1000);
  });
});

describe('the manage link', () => {
  test('shows the sign-up, changes the asked fields, refuses an unknown token', async () => {
    const id = await activity({ askFields: 'organization*,dietary' });
    const answer = await signUp(id, person(401, { organization: '甲公司', dietary: '素食' }));
    const token = answer.body.manageUrl.split('/').pop();
    const shown = await call('GET', `registration/${token}`);
    expect(shown.body).toMatchObject({
      code: answer.body.code,
      status: 'confirmed',
      name: '報名者 401',
      answers: { organization: '甲公司', dietary: '素食' },
      askFields: [
        { name: 'organization', required: true },
        { name: 'dietary', required: false },
      ],
      activity: { id, title: '信託法規研討會' },
    });
    expect(shown.headers.get('cache-control')).toBe('no-store');
    const changed = await call('POST', `registration/update/${token}`, { organization: '乙公司', dietary: '' });
    expect(changed.body.answers).toEqual({ organization: '乙公司' });
    const blank = await call('POST', `registration/update/${token}`, { organization: '' }, { language: 'en' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(message('en', 'required', { field: 'Organization' }));
    expect((await call('GET', `registration/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await call('POST', `registration/cancel/short`)).status).toBe(404);
  });
});

describe('the roster, check-in and privacy', () => {
  test('staff list, filter, search, add by hand, check in, export; every change is audited', async () => {
    const id = await activity({ capacity: 2, waitlistEnabled: true, askFields: 'phone' });
    const one = await signUp(id, person(501, { phone: '02-1234-5678' }));
    await signUp(id, person(502));
    await signUp(id, person(503));
    expect((await call('POST', `webactivity/registrations/${id}`, {})).status).toBe(401);
    const list = await call('POST', `webactivity/registrations/${id}`, { status: 'waitlisted' }, { token: user });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toEqual({
      id: expect.any(Number),
      code: expect.any(String),
      name: '報名者 503',
      email: 'person503@example.org',
      seats: 1,
      status: 'waitlisted',
      attendedAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      phone: '',
    });
    const found = await call('POST', `webactivity/registrations/${id}`, { keyword: '501' }, { token: user });
    expect(found.body.data.map((row: { phone: string }) => row.phone)).toEqual(['02-1234-5678']);
    const badStatus = await call(
      'POST',
      `webactivity/registrations/${id}`,
      { status: 'gone' },
      { token: user, language: 'en' },
    );
    expect(badStatus.status).toBe(400);

    const added = await call('POST', `webactivity/registration/add/${id}`, person(504), { token: user });
    expect(added.body.status).toBe('waitlisted');

    // Check-in with the typed code (lower case and a dash are forgiven), then again.
    const typed = `${one.body.code.slice(0, 4)}-${one.body.code.slice(4)}`.toLowerCase();
    const first = await call('POST', `webactivity/checkin/${id}`, { code: typed }, { token: user });
    expect(first.body).toEqual({ name: '報名者 501', seats: 1, attendedAt: expect.any(String) });
    const second = await call('POST', `webactivity/checkin/${id}`, { code: one.body.code }, { token: user });
    expect(second.body.firstCheckIn).toBe(first.body.attendedAt);
    const unknown = await call(
      'POST',
      `webactivity/checkin/${id}`,
      { code: 'ZZZZZZZZ' },
      { token: user, language: 'en' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(message('en', 'unknownCode', { value: 'ZZZZZZZZ' }));
    const attended = await call('POST', `webactivity/registrations/${id}`, { status: 'attended' }, { token: user });
    expect(attended.body.data.map((row: { code: string }) => row.code)).toEqual([one.body.code]);

    const csv = await call(
      'POST',
      `webactivity/registrations/export/${id}`,
      { format: 'csv' },
      { token: user, language: 'en' },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Code,Name,E-mail,Seats,Phone,Status,Checked in,Signed up');
    expect(lines).toHaveLength(5);
    const xlsx = await call('POST', `webactivity/registrations/export/${id}`, { format: 'xlsx' }, { token: user });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');

    const mailed = await call(
      'POST',
      `webactivity/registrations/mail/${id}`,
      { subject: '會場異動', text: '改至 3 樓', status: 'confirmed' },
      { token: user },
    );
    expect(mailed.body).toEqual({ queued: 2 });

    const db = await getDb();
    const audited = await db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.resource, 'registration'));
    expect(audited.map((entry) => entry.action)).toEqual(expect.arrayContaining(['add', 'update', 'export']));
  });

  test('an Admin deletes one person’s data; retention empties an ended activity’s, keeping the counts', async () => {
    const id = await activity({ capacity: 1, waitlistEnabled: true });
    const one = await signUp(id, person(601));
    const two = await signUp(id, person(602));
    const db = await getDb();
    const [row] = await db.select().from(registrations).where(eq(registrations.code, one.body.code));
    expect((await call('DELETE', `webactivity/registration/${row.id}`, undefined, { token: user })).status).toBe(403);
    expect((await call('DELETE', `webactivity/registration/${row.id}`, undefined, { token: admin })).status).toBe(200);
    const [gone] = await db.select().from(registrations).where(eq(registrations.id, row.id));
    expect(gone).toMatchObject({ name: null, email: null, answers: {}, status: 'cancelled' });
    // Their seat went to the waiting list.
    const [next] = await db.select().from(registrations).where(eq(registrations.code, two.body.code));
    expect(next.status).toBe('confirmed');

    const old = await activity({
      startAt: taipei(fromNow(-24 * 400)),
      endAt: taipei(fromNow(-24 * 400 + 2)),
      registrationEnabled: true,
    });
    await db.insert(registrations).values({
      activityId: old,
      lang: 'tw',
      code: 'OLDCODE2',
      token: 'o'.repeat(43),
      name: '舊報名',
      email: 'old@example.org',
      emailKey: 'old@example.org',
      seats: 2,
      status: 'confirmed',
    });
    expect(await pruneRegistrations()).toBe(1);
    const [kept] = await db
      .select()
      .from(registrations)
      .where(and(eq(registrations.activityId, old), eq(registrations.code, 'OLDCODE2')));
    expect(kept).toMatchObject({ name: null, email: null, seats: 2, status: 'confirmed' });
    expect(kept.erasedAt).not.toBeNull();
    expect(await pruneRegistrations()).toBe(0);
  });
});
