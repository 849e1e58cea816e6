/**
 * Web settings (`websetting/webinfo` GET/POST) and the visit counters (`visitcount`,
 * `accessiblevisitcount`, `oldvisitcount`), with who may read and write each.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, message, wireDateTime } from './helpers/content';
import { getDb } from '../lib/db';
import { counters, uploads, websetting } from '../lib/db/schema';
import tw from '../messages/tw';
import en from '../messages/en';

withDatabase();

let admin: string;
let user: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
  user = (await signedIn(0)).token;
});

const publicKeys = [
  'lang',
  'siteName',
  'associationName',
  'logo',
  'logoUrl',
  'address',
  'phone',
  'fax',
  'email',
  'officeHours',
  'footerNote',
  'metaDescription',
  'metaKeywords',
  'analyticsId',
].sort();

/** What signed-in readers get besides the public fields before anything is saved. */
const privateDefaults = {
  legacyVisitCount: 0,
  notifyEmails: '',
  approvalRequired: false,
  approverEmails: '',
  secondFactorPolicy: 'none',
  newsletterDigest: 'off',
  reviewCycles: {},
  reminderDays: '3,1',
  registrationRetentionMonths: 12,
  memberContactsMax: 5,
};

const getInfo = (options: { token?: string; language?: 'tw' | 'en' } = {}) =>
  call('GET', 'websetting/webinfo', undefined, options);
const saveInfo = (body: unknown, options: { token?: string | null; language?: 'tw' | 'en' } = { token: admin }) =>
  call('POST', 'websetting/webinfo', body, { token: admin, ...options });

async function clearSettings() {
  const db = await getDb();
  await db.delete(websetting);
}

describe('webinfo before anything is saved', () => {
  beforeAll(clearSettings);

  test('anonymous readers get the public fields with defaults, the site name from the messages', async () => {
    const result = await getInfo();
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(publicKeys);
    expect(result.body).toMatchObject({
      lang: 'tw',
      siteName: tw.site.defaultSiteName,
      address: '',
      email: '',
      logo: null,
      logoUrl: null,
      analyticsId: '',
    });
    const english = await getInfo({ language: 'en' });
    expect(english.body).toMatchObject({ lang: 'en', siteName: en.site.defaultSiteName });
  });

  test('signed-in readers also get every private setting, each at its default', async () => {
    for (const token of [admin, user]) {
      const result = await getInfo({ token });
      expect(result.status).toBe(200);
      expect(Object.keys(result.body).sort()).toEqual([...publicKeys, ...Object.keys(privateDefaults)].sort());
      expect(result.body).toMatchObject(privateDefaults);
    }
  });

  test('a stale token is a 401, not the public view', async () => {
    const result = await getInfo({ token: 'no-such-token' });
    expect(result.status).toBe(401);
    expect(result.body.message).toBe(message('tw', 'sessionExpired'));
  });
});

describe('webinfo POST', () => {
  beforeEach(clearSettings);

  test('only Admins may save: 401 anonymous, 403 for a User, and nothing is stored', async () => {
    const anonymous = await saveInfo({ siteName: 'Hijacked' }, { token: null, language: 'en' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(message('en', 'unauthorized'));
    const asUser = await saveInfo({ siteName: 'Hijacked' }, { token: user, language: 'en' });
    expect(asUser.status).toBe(403);
    expect(asUser.body.message).toBe(message('en', 'forbidden'));
    expect((await getInfo({ language: 'en' })).body.siteName).toBe(en.site.defaultSiteName);
  });

  test('the XSRF check applies', async () => {
    const result = await call('POST', 'websetting/webinfo', { siteName: 'x' }, { token: admin, xsrf: false });
    expect(result.status).toBe(403);
  });

  test('an Admin saves fields and gets back what GET returns', async () => {
    const body = {
      siteName: ' 信託公會 ',
      associationName: '中華民國信託業商業同業公會',
      address: '台北市中山區',
      phone: '02-2345-6789',
      fax: '02-2345-6790',
      email: 'service@example.org',
      officeHours: '週一至週五 9:00-17:30',
      footerNote: '版權所有',
      metaDescription: '信託業公會網站',
      metaKeywords: '信託, 公會',
      analyticsId: 'G-ABC123XYZ',
      legacyVisitCount: 123456,
      notifyEmails: 'staff@example.org, head@example.org',
    };
    const saved = await saveInfo(body);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      ...privateDefaults,
      ...body,
      siteName: '信託公會',
      lang: 'tw',
      logo: null,
      logoUrl: null,
    });
    expect((await getInfo({ token: admin })).body).toEqual(saved.body);
    const anonymous = await getInfo();
    expect(anonymous.body).toEqual(
      Object.fromEntries(Object.entries(saved.body).filter(([key]) => !(key in privateDefaults))),
    );
  });

  test('a setting saved alone leaves the others in the answer at their defaults', async () => {
    const saved = await saveInfo({ approvalRequired: true });
    expect(saved.body).toMatchObject({ ...privateDefaults, approvalRequired: true });
    expect((await getInfo({ token: user })).body).toMatchObject({ ...privateDefaults, approvalRequired: true });
    const cleared = await saveInfo({ approvalRequired: null, approverEmails: null });
    expect(cleared.body).toMatchObject(privateDefaults);
  });

  test('a partial body changes only the fields it names', async () => {
    await saveInfo({ siteName: 'Name', phone: '1' });
    const result = await saveInfo({ phone: '2' });
    expect(result.body).toMatchObject({ siteName: 'Name', phone: '2' });
  });

  test('the form may send back what GET returned (lang, logoUrl and unknown keys are ignored)', async () => {
    const before = (await getInfo({ token: admin })).body;
    const result = await saveInfo({ ...before, lang: 'en', logoUrl: '/elsewhere', id: 5, siteName: 'Round trip' });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ...before, siteName: 'Round trip' });
    expect((await getInfo({ language: 'en' })).body.siteName).toBe(en.site.defaultSiteName);
  });

  test('a cleared field falls back to its default', async () => {
    await saveInfo({ siteName: 'Named', address: 'Somewhere', legacyVisitCount: 5 });
    const result = await saveInfo({ siteName: '', address: null, legacyVisitCount: '' });
    expect(result.body).toMatchObject({ siteName: tw.site.defaultSiteName, address: '', legacyVisitCount: 0 });
  });

  test('each language has its own settings; the shared ones are the same in both', async () => {
    await saveInfo({ siteName: '信託公會', address: '台北市', analyticsId: 'G-TW' }, { language: 'tw' });
    await saveInfo({ siteName: 'Trust Association', address: 'Taipei', legacyVisitCount: 42 }, { language: 'en' });
    const chinese = (await getInfo({ token: admin, language: 'tw' })).body;
    const english = (await getInfo({ token: admin, language: 'en' })).body;
    expect(chinese).toMatchObject({
      lang: 'tw',
      siteName: '信託公會',
      address: '台北市',
      analyticsId: 'G-TW',
      legacyVisitCount: 42,
    });
    expect(english).toMatchObject({
      lang: 'en',
      siteName: 'Trust Association',
      address: 'Taipei',
      analyticsId: 'G-TW',
      legacyVisitCount: 42,
    });
    // Changing a shared field from the English form changes it for Chinese readers too.
    await saveInfo({ analyticsId: 'G-BOTH' }, { language: 'en' });
    expect((await getInfo({ language: 'tw' })).body.analyticsId).toBe('G-BOTH');
    expect((await getInfo({ language: 'tw' })).body.siteName).toBe('信託公會');
  });

  test('a logo is an upload id; the answer adds where it is served', async () => {
    const id = randomUUID();
    const db = await getDb();
    await db.insert(uploads).values({ id, name: '標誌 logo.png', type: 'image/png', size: 100 });
    const result = await saveInfo({ logo: id });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ logo: id, logoUrl: `/uploads/${id}/${encodeURIComponent('標誌 logo.png')}` });
    expect((await getInfo({ language: 'tw' })).body.logoUrl).toBe(result.body.logoUrl);
    // The other language has its own logo.
    expect((await getInfo({ language: 'en' })).body.logo).toBeNull();
  });

  test('an unknown upload id is a 400 naming the field', async () => {
    const id = randomUUID();
    const result = await saveInfo({ logo: id }, { language: 'en' });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('en', 'unknownUpload', { field: 'Logo', value: id }));
    expect(result.body.errors).toEqual([{ field: 'logo', message: result.body.message }]);
  });

  test('invalid values are a 400 with every field named, in the request language, and nothing is saved', async () => {
    await saveInfo({ siteName: 'Kept', phone: 'kept' });
    const result = await saveInfo(
      {
        siteName: 'x'.repeat(101),
        phone: 'changed',
        email: 'not an address',
        legacyVisitCount: -1,
        analyticsId: '<script>',
        logo: 'not-an-id',
        footerNote: 42,
      },
      { language: 'en' },
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('en', 'tooLong', { field: 'Site name', max: 100 }));
    expect(result.body.errors).toEqual([
      { field: 'siteName', message: message('en', 'tooLong', { field: 'Site name', max: 100 }) },
      { field: 'logo', message: message('en', 'notUploadList', { field: 'Logo' }) },
      { field: 'email', message: message('en', 'notEmail', { field: 'E-mail' }) },
      { field: 'footerNote', message: message('en', 'notText', { field: 'Footer note' }) },
      { field: 'legacyVisitCount', message: message('en', 'tooSmall', { field: 'Legacy visit count', min: 0 }) },
      { field: 'analyticsId', message: message('en', 'badPattern', { field: 'Analytics id' }) },
    ]);
    expect((await getInfo({ token: admin })).body).toMatchObject({ siteName: 'Kept', phone: 'kept' });
    const chinese = await saveInfo({ legacyVisitCount: 'many' }, { language: 'tw' });
    expect(chinese.status).toBe(400);
    expect(chinese.body.message).toBe(message('tw', 'notInteger', { field: '舊網站瀏覽人次' }));
  });

  test('malformed bodies are a 400, not a 500', async () => {
    const broken = await call('POST', 'websetting/webinfo', undefined, {
      token: admin,
      raw: '{"siteName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe(message('tw', 'badJson'));
    const array = await saveInfo([1, 2]);
    expect(array.status).toBe(400);
    expect(array.body.message).toBe(message('tw', 'bodyNotObject'));
  });

  test('concurrent saves of different fields both stick', async () => {
    await Promise.all([
      saveInfo({ phone: 'p' }),
      saveInfo({ fax: 'f' }),
      saveInfo({ analyticsId: 'G-1' }),
      saveInfo({ legacyVisitCount: 9 }),
    ]);
    expect((await getInfo({ token: admin })).body).toMatchObject({
      phone: 'p',
      fax: 'f',
      analyticsId: 'G-1',
      legacyVisitCount: 9,
    });
  });

  test('other methods are a 405', async () => {
    expect((await call('PUT', 'websetting/webinfo', {}, { token: admin })).status).toBe(405);
    expect((await call('POST', 'websetting/visitcount', {}, { token: admin })).status).toBe(405);
  });
});

describe('visit counters', () => {
  const count = (path: string, options = {}) => call('GET', `websetting/${path}`, undefined, options);

  beforeAll(async () => {
    const db = await getDb();
    await db.delete(counters);
    await clearSettings();
  });

  test('with no content yet the date is null', async () => {
    const result = await count('oldvisitcount');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ count: 0, date: null });
  });

  test('visitcount adds one per call and answers {count, date}', async () => {
    const first = await count('visitcount');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['count', 'date']);
    expect(first.body.count).toBe(1);
    expect((await count('visitcount')).body.count).toBe(2);
    // The back office (signed in) reads the counters without counting itself as a visit.
    expect((await count('visitcount', { token: user })).body.count).toBe(2);
    expect((await count('accessiblevisitcount', { token: admin })).body.count).toBe(0);
    expect((await count('visitcount')).body.count).toBe(3);
  });

  test('200 parallel visits add exactly 200, each seeing its own count', async () => {
    const before = (await count('visitcount')).body.count as number;
    const results = await Promise.all(Array.from({ length: 200 }, () => count('visitcount')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const seen = results.map((r) => r.body.count as number).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 200 }, (_, i) => before + 1 + i));
    expect((await count('visitcount')).body.count).toBe(before + 201);
  });

  test('the accessible-site counter is separate', async () => {
    const visits = (await count('visitcount')).body.count as number;
    const first = await count('accessiblevisitcount');
    expect(first.body.count).toBe(1);
    const parallel = await Promise.all(Array.from({ length: 50 }, () => count('accessiblevisitcount')));
    expect(Math.max(...parallel.map((r) => r.body.count as number))).toBe(51);
    expect((await count('visitcount')).body.count).toBe(visits + 1);
  });

  test('a HEAD request counts nothing', async () => {
    const before = (await count('visitcount')).body.count as number;
    const head = await call('HEAD', 'websetting/visitcount');
    expect(head.status).toBe(200);
    expect((await count('visitcount')).body.count).toBe(before + 1);
  });

  test('oldvisitcount answers the legacy count of the settings without counting', async () => {
    expect((await count('oldvisitcount')).body.count).toBe(0);
    await saveInfo({ legacyVisitCount: 987654 }, { language: 'en' });
    for (const language of ['tw', 'en'] as const) {
      expect((await count('oldvisitcount', { language })).body.count).toBe(987654);
    }
    expect((await count('oldvisitcount')).body.count).toBe(987654);
  });

  test('date is the last content update in the wire form, on every counter', async () => {
    const news = await addRow('webnews', { title: 'Fresh' }, { token: user });
    for (const path of ['visitcount', 'accessiblevisitcount', 'oldvisitcount']) {
      const result = await count(path);
      expect(result.body.date).toMatch(wireDateTime);
      expect(result.body.date).toBe(news.updatedAt);
    }
  });

  test('an older edit does not move the date back, a newer one moves it forward', async () => {
    const db = await getDb();
    const latest = (await count('oldvisitcount')).body.date as string;
    // A row last edited long ago (a restored backup, say) leaves the date alone.
    const old = await addRow('webbulletintype', { name: 'Old type' }, { token: user });
    await db.execute(sql`update webbulletintype set updated_at = '2001-01-01T00:00:00Z' where id = ${old.id}`);
    await db.execute(sql`update webnews set updated_at = now() - interval '1 day'`);
    await db.execute(sql`update websetting set updated_at = now() - interval '2 days'`);
    const dayOld = (await count('oldvisitcount')).body.date as string;
    expect(dayOld < latest).toBe(true);
    expect(dayOld > '2001-01-02').toBe(true);
    await db.execute(sql`update webbulletintype set updated_at = '2099-05-06T07:08:09Z' where id = ${old.id}`);
    expect((await count('oldvisitcount')).body.date).toBe('2099-05-06T15:08:09');
  });

  test('counters are public reads; a stale token is a 401', async () => {
    expect((await count('visitcount', { token: 'stale' })).status).toBe(401);
  });
});
