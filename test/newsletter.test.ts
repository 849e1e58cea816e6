/**
 * The newsletter's sign-up with double opt-in and its one-click unsubscribe (RFC 8058), every mail
 * checked at a real SMTP listener: the same answer for every address, the consent record, the
 * confirmation link, the 7-day removal of unconfirmed sign-ups, the rate limit; a GET of the
 * unsubscribe link changes nothing, a cookie-less form POST unsubscribes at once; bulletins for
 * members only are chosen only by a signed-in Member for their own address, and kept on the manage
 * page only while the address is an active Member's.
 */
import { eq } from 'drizzle-orm';
import { hashPassword } from '../lib/content/auth/passwords';
import { Role } from '../lib/content/model/roles';
import { getDb } from '../lib/db';
import { account, newsletterSubscribers } from '../lib/db/schema';
import { deliverDueMail } from '../lib/mail/queue';
import { removeUnconfirmed } from '../lib/content/operations/newsletter';
import { NEWSLETTER_CONSENT_VERSION } from '../lib/content/model/newsletter';
import { call, signedIn } from './helpers/api';
import { useLocalCaptchaVerifier } from './helpers/captcha';
import { addRow, message } from './helpers/content';
import { MAIL_SITE, withDatabaseAndMail } from './helpers/mail-fixture';
import { linkIn, type ReceivedMail } from './helpers/smtp';

const { smtp } = withDatabaseAndMail();
const SITE = MAIL_SITE;
let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeEach(async () => {
  const db = await getDb();
  await db.delete(newsletterSubscribers);
});

const subscribe = (email: string, language: 'tw' | 'en' = 'tw', topics: unknown = ['webnews', 'webactivity']) =>
  call('POST', 'newsletter/subscribe', { email, topics }, { xsrf: false, language, ip: nextIp() });

/** The site's script-free form posted as a browser does (no XSRF pair; `cookie`: the member area's session). */
const postForm = (raw: string, { ip = nextIp(), cookie }: { ip?: string; cookie?: string } = {}) =>
  call('POST', 'newsletter/subscribe', undefined, {
    xsrf: false,
    raw,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    ip,
  });

async function subscriberOf(email: string) {
  const db = await getDb();
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row;
}

/** A header as the listener received it (mailparser folds List-* headers into one object). */
const headerOf = (mail: ReceivedMail, name: string) =>
  mail.parsed.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n\s+/g, ' ');

const tokenIn = (link: string) => new URL(link).searchParams.get('token')!;

/** Signs up and confirms through the mailed link; answers the subscriber. */
async function confirmed(email: string, language: 'tw' | 'en' = 'tw') {
  await subscribe(email, language);
  await deliverDueMail();
  const mail = smtp.received.find((m) => m.envelopeTo.includes(email))!;
  const link = linkIn(mail, `${SITE}/${language}/newsletter/confirm?token=`);
  const answer = await call('POST', 'newsletter/confirm', { token: tokenIn(link) }, { xsrf: false });
  expect(answer.body).toEqual({ confirmed: true });
  return subscriberOf(email);
}

describe('sign-up with double opt-in', () => {
  test('a sign-up is pending with its consent record until the mailed link confirms it', async () => {
    const answer = await subscribe('Ming@Example.com', 'en');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ pending: true });
    const pending = await subscriberOf('ming@example.com');
    expect(pending).toMatchObject({
      status: 'pending',
      lang: 'en',
      topics: ['webnews', 'webactivity'],
      consentForm: 'api',
      consentVersion: NEWSLETTER_CONSENT_VERSION,
      consentLang: 'en',
      confirmedAt: null,
    });
    expect(pending.consentAddress).toMatch(/^10\.9\./);
    expect(pending.consentAt).toBeInstanceOf(Date);

    await deliverDueMail();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.envelopeTo).toEqual(['ming@example.com']);
    expect(mail.subject).toContain('Confirm your newsletter subscription');
    // Multipart, both parts readable, with the list's identity; Message-ID and Date from nodemailer.
    expect(mail.text).toContain('/en/newsletter/confirm?token=');
    expect(mail.html).toContain('/en/newsletter/confirm?token=');
    expect(headerOf(mail, 'list-id')).toMatch(/^List-Id: Association <newsletter\.site\.example>$/i);
    expect(mail.parsed.messageId).toMatch(/^<.+@.+>$/);
    expect(mail.parsed.date).toBeInstanceOf(Date);

    const link = linkIn(mail, `${SITE}/en/newsletter/confirm?token=`);
    const confirmedAnswer = await call('POST', 'newsletter/confirm', { token: tokenIn(link) }, { xsrf: false });
    expect(confirmedAnswer.body).toEqual({ confirmed: true });
    const active = await subscriberOf('ming@example.com');
    expect(active.status).toBe('active');
    expect(active.confirmedAt).toBeInstanceOf(Date);
    expect(active.confirmTokenHash).toBeNull();
    // The link works once.
    expect((await call('POST', 'newsletter/confirm', { token: tokenIn(link) }, { xsrf: false })).body).toEqual({
      confirmed: false,
    });
  });

  test('the answer is the same whether or not the address is subscribed, and an active one is left alone', async () => {
    const first = await confirmed('known@example.com');
    smtp.received.length = 0;
    const again = await subscribe('known@example.com', 'en', ['webbulletin']);
    const fresh = await subscribe('unknown@example.com');
    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual(fresh.body);
    const still = await subscriberOf('known@example.com');
    expect(still).toMatchObject({ status: 'active', topics: first.topics, lang: 'tw', token: first.token });
    await deliverDueMail();
    expect(smtp.received.map((m) => m.envelopeTo[0])).toEqual(['unknown@example.com']);
  });

  test('bad input is refused in the request language; the form post is sent back to the page', async () => {
    const bad = await subscribe('not-an-address', 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The e-mail address is not valid.');
    const noTopic = await subscribe('a@example.com', 'tw', []);
    expect(noTopic.status).toBe(400);
    expect(noTopic.body.errors.map((e: { field: string }) => e.field)).toEqual(['topics']);
    const unknownTopic = await subscribe('a@example.com', 'tw', ['webrule']);
    expect(unknownTopic.status).toBe(400);

    const form = await postForm('email=b%40example.com&topics=webnews&topics=webbulletin&form=footer&lang=en');
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/en/newsletter?pending=1');
    expect(await subscriberOf('b@example.com')).toMatchObject({
      consentForm: 'footer',
      lang: 'en',
      topics: ['webnews', 'webbulletin'],
    });
    const refused = await postForm('email=b%40&form=page&lang=tw');
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toMatch(/^\/tw\/newsletter\?problem=email&email=b%40#newsletter-form$/);
  });

  describe('with the captcha on', () => {
    const { seen } = useLocalCaptchaVerifier('newsletter-secret', {
      'good-token': { success: true, score: 0.9, action: 'newsletter' },
      'low-score': { success: true, score: 0.1, action: 'newsletter' },
    });
    const post = (raw: string, ip = nextIp()) => postForm(raw, { ip });

    test('the footer’s form, posted without script (an empty token), lands on the page to try again, typed values kept', async () => {
      const asked = seen.length;
      const footer = await post('email=c%40example.com&topics=webnews&topics=webactivity&form=footer&lang=en&captcha=');
      expect(footer.status).toBe(303);
      const location = new URL(footer.headers.get('location')!, SITE);
      expect(location.pathname).toBe('/en/newsletter');
      expect(location.searchParams.get('problem')).toBe('captcha');
      expect(location.searchParams.get('email')).toBe('c@example.com');
      expect(location.searchParams.getAll('topics')).toEqual(['webnews', 'webactivity']);
      expect(await subscriberOf('c@example.com')).toBeUndefined();
      // No token: the verifier is not asked.
      expect(seen.length).toBe(asked);
      // A refused or low-scoring token from the page's form: the same way back.
      for (const token of ['bad-token', 'low-score']) {
        const page = await post(`email=c%40example.com&topics=webnews&form=page&lang=tw&captcha=${token}`);
        expect(new URL(page.headers.get('location')!, SITE).searchParams.get('problem')).toBe('captcha');
      }
      expect(await subscriberOf('c@example.com')).toBeUndefined();
    });

    test('a good token is checked with the secret and the address it came from, and the sign-up is pending', async () => {
      const ip = nextIp();
      const page = await post('email=d%40example.com&topics=webnews&form=page&lang=tw&captcha=good-token', ip);
      expect(page.status).toBe(303);
      expect(page.headers.get('location')).toBe('/tw/newsletter?pending=1');
      const check = seen[seen.length - 1];
      expect([check.get('secret'), check.get('response'), check.get('remoteip')]).toEqual([
        'newsletter-secret',
        'good-token',
        ip,
      ]);
      expect(await subscriberOf('d@example.com')).toMatchObject({ status: 'pending', consentForm: 'page' });
    });

    test('a JSON sign-up without a good token is a 400 in the request language', async () => {
      const refused = await subscribe('e@example.com', 'en');
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message('en', 'captchaFailed'));
      expect(await subscriberOf('e@example.com')).toBeUndefined();
    });
  });

  test('five sign-ups per address in ten minutes, then 429', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < 5; i++) {
      const answer = await call(
        'POST',
        'newsletter/subscribe',
        { email: `r${i}@example.com`, topics: ['webnews'] },
        { xsrf: false, ip },
      );
      expect(answer.status).toBe(200);
    }
    const sixth = await call(
      'POST',
      'newsletter/subscribe',
      { email: 'r6@example.com', topics: ['webnews'] },
      { xsrf: false, ip },
    );
    expect(sixth.status).toBe(429);
  });

  test('sign-ups not confirmed within 7 days are removed; confirmed ones stay', async () => {
    await subscribe('late@example.com');
    await confirmed('early@example.com');
    const db = await getDb();
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await db.update(newsletterSubscribers).set({ createdAt: eightDaysAgo });
    expect(await removeUnconfirmed()).toBe(1);
    expect(await subscriberOf('late@example.com')).toBeUndefined();
    expect((await subscriberOf('early@example.com')).status).toBe('active');
  });

  test('a confirmation link older than 7 days does not confirm', async () => {
    await subscribe('slow@example.com');
    await deliverDueMail();
    const link = linkIn(smtp.received[0], `${SITE}/tw/newsletter/confirm?token=`);
    const db = await getDb();
    await db.update(newsletterSubscribers).set({ createdAt: new Date(Date.now() - 8 * 86_400_000) });
    expect((await call('POST', 'newsletter/confirm', { token: tokenIn(link) }, { xsrf: false })).body).toEqual({
      confirmed: false,
    });
  });
});

describe('leaving is one click', () => {
  test('a GET changes nothing; a cookie-less form POST of List-Unsubscribe=One-Click unsubscribes at once with 200', async () => {
    const subscriber = await confirmed('leaver@example.com', 'en');
    const path = `newsletter/unsubscribe?token=${subscriber.token}`;
    const look = await call('GET', path, undefined, { xsrf: false });
    expect(look.status).toBe(303);
    expect(look.headers.get('location')).toBe(`/en/newsletter/unsubscribe?token=${subscriber.token}`);
    expect((await subscriberOf('leaver@example.com')).status).toBe('active');

    const oneClick = await call('POST', path, undefined, {
      xsrf: false,
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    const left = await subscriberOf('leaver@example.com');
    expect(left.status).toBe('unsubscribed');
    expect(left.unsubscribedAt).toBeInstanceOf(Date);
    // Asked again (a mail client retrying): still 200.
    const again = await call('POST', path, undefined, {
      xsrf: false,
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.status).toBe(200);
  });

  test('an unknown token is a 404 and changes nothing', async () => {
    const answer = await call('POST', 'newsletter/unsubscribe?token=unknown-token-unknown-token', undefined, {
      xsrf: false,
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(404);
  });

  test('the manage call changes topics and language of an active subscriber', async () => {
    const subscriber = await confirmed('changer@example.com');
    const read = await call('GET', `newsletter/manage?token=${subscriber.token}`, undefined, { xsrf: false });
    expect(read.body).toEqual({
      email: 'changer@example.com',
      topics: ['webnews', 'webactivity'],
      lang: 'tw',
      status: 'active',
    });
    const form = await call('POST', `newsletter/manage?token=${subscriber.token}`, undefined, {
      xsrf: false,
      raw: 'topics=webbulletin&lang=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/en/newsletter/manage?token=${subscriber.token}&done=saved`);
    expect(await subscriberOf('changer@example.com')).toMatchObject({ topics: ['webbulletin'], lang: 'en' });
  });
});

describe('bulletins for members only', () => {
  const PASSWORD = 'member password 1';
  let memberSerial = 0;

  /** A Member account whose username and e-mail are its address, signed in through account/login. */
  async function member() {
    const admin = (await signedIn(1)).token;
    const institution = await addRow(
      'webmemberdept',
      { name: `會員公司${++memberSerial}`, category: 1 },
      { token: admin },
    );
    const email = `contact${memberSerial}@member.example`;
    const db = await getDb();
    const [row] = await db
      .insert(account)
      .values({
        username: email,
        displayName: `Contact ${memberSerial}`,
        email,
        role: Role.Member,
        memberId: institution.id,
        passwordHash: await hashPassword(PASSWORD),
      } as never)
      .returning({ id: account.id });
    const login = await call('POST', 'account/login', { username: email, password: PASSWORD }, { ip: nextIp() });
    expect(login.body.token).toEqual(expect.any(String));
    return { id: Number(row.id), email, token: login.body.token as string };
  }

  const memberTopics = ['webbulletin', 'memberBulletins'];

  test('a visitor asking for the topic gets a 400 in the request language; the form is sent back saying why', async () => {
    const { email } = await member();
    // Not even with a Member's address: the answer tells no visitor whose address it is.
    for (const address of ['visitor@example.com', email]) {
      const refused = await subscribe(address, 'en', memberTopics);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message('en', 'newsletterMemberTopic'));
      expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(['topics']);
      expect(await subscriberOf(address)).toBeUndefined();
    }
    const tw = await subscribe('visitor@example.com', 'tw', ['memberBulletins']);
    expect(tw.body.message).toBe(message('tw', 'newsletterMemberTopic'));
    const form = await postForm('email=visitor%40example.com&topics=webnews&topics=memberBulletins&form=page&lang=en');
    expect(form.status).toBe(303);
    expect(new URL(form.headers.get('location')!, SITE).searchParams.get('problem')).toBe('memberTopic');
  });

  test('a signed-in Member chooses it for their own address (bearer token or the member area’s cookie), not another', async () => {
    const signedInMember = await member();
    const ok = await call(
      'POST',
      'newsletter/subscribe',
      { email: signedInMember.email.toUpperCase(), topics: memberTopics },
      { xsrf: false, token: signedInMember.token, ip: nextIp() },
    );
    expect(ok.status).toBe(200);
    expect(await subscriberOf(signedInMember.email)).toMatchObject({ status: 'pending', topics: memberTopics });
    const colleague = await member();
    const other = await call(
      'POST',
      'newsletter/subscribe',
      { email: colleague.email, topics: memberTopics },
      { xsrf: false, token: signedInMember.token, ip: nextIp() },
    );
    expect(other.status).toBe(400);
    // The member area's form posts with the session cookie and no XSRF pair.
    const form = await postForm(
      `email=${encodeURIComponent(colleague.email)}&topics=memberBulletins&form=page&lang=tw`,
      {
        cookie: `session-member=${colleague.token}`,
      },
    );
    expect(form.headers.get('location')).toBe('/tw/newsletter?pending=1');
    expect(await subscriberOf(colleague.email)).toMatchObject({ topics: ['memberBulletins'] });
  });

  test('the manage call keeps or adds the topic only while the address is an active Member’s', async () => {
    const save = (token: string, language: 'tw' | 'en' = 'tw') =>
      call(
        'POST',
        `newsletter/manage?token=${token}`,
        { topics: memberTopics, lang: language },
        { xsrf: false, language },
      );
    const refused = await save((await confirmed('reader@example.com')).token, 'en');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message('en', 'newsletterMemberTopic'));

    const { id, email } = await member();
    const subscriber = await confirmed(email);
    const saved = await save(subscriber.token);
    expect(saved.status).toBe(200);
    expect(saved.body.topics).toEqual(memberTopics);
    const db = await getDb();
    await db
      .update(account)
      .set({ isDisabled: true } as never)
      .where(eq(account.id, id));
    expect((await save(subscriber.token)).status).toBe(400);
  });
});

describe('garbled requests', () => {
  test('every newsletter call answers garbled input with a 4xx, and the OpenAPI document lists them all', async () => {
    const admin = (await signedIn(1)).token;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const cases: [string, string, string | undefined, Record<string, string>?][] = [
      ['POST', 'newsletter/subscribe', '[1,2]'],
      ['POST', 'newsletter/subscribe', '{"email": 5, "topics": {"a": 1}}'],
      ['POST', 'newsletter/subscribe', '{{{'],
      ['POST', 'newsletter/confirm', '"token"'],
      ['POST', 'newsletter/unsubscribe?token=%ZZ', 'List-Unsubscribe=One-Click', form],
      ['POST', 'newsletter/unsubscribe', '%%%', form],
      ['GET', 'newsletter/manage?token[]=x', undefined],
      ['POST', 'newsletter/manage?token=short', '{"topics": "webnews", "lang": "xx"}'],
      ['POST', 'newsletter/preview', '{"subject": ["x"], "items": "all"}'],
      [
        'POST',
        'newsletter/send',
        '{"subject": "x", "content": "<p>x</p>", "items": [{"resource": "webrule", "id": -1}]}',
      ],
      ['POST', 'newsletter/mailings', 'null'],
      ['POST', 'newsletter/getlist', '{"status": "gone"}'],
      ['POST', 'newsletter/getlist', '{"page": "x"}'],
      ['POST', 'newsletter/export', '{"format": "pdf"}'],
      ['POST', 'newsletter/import', 'not multipart'],
      ['DELETE', 'newsletter/delete/x', undefined],
      ['DELETE', 'newsletter/delete/999999', undefined],
    ];
    const failures: string[] = [];
    for (const [method, path, raw, headers] of cases) {
      const answer = await call(method, path, undefined, {
        token: admin,
        raw,
        headers: { 'content-type': 'application/json', ...headers },
        ip: nextIp(),
      });
      if (answer.status < 400 || answer.status >= 500) failures.push(`${method} ${path} ${raw} → ${answer.status}`);
    }
    expect(failures).toEqual([]);
    const openapi = await call('GET', 'openapi.json');
    const paths = Object.keys(openapi.body.paths);
    for (const path of ['subscribe', 'confirm', 'unsubscribe', 'manage', 'send', 'mailings', 'getlist', 'digest'])
      expect(paths).toContain(`/api/newsletter/${path}`);
  });
});
