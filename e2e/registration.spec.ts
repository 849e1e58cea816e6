import { expect, test } from './fixtures';
import { specSmtpServer } from './smtp';
import { adminHeaders, expectNoAxeViolations, expectToast, nextTestAddress, signInTo } from './helpers';

/**
 * Sign-ups for activities in the browser: the state on the activity's page, the form without
 * JavaScript in both languages (errors beside their fields, then the confirmation on the manage
 * page), the e-mail with its calendar file at a real SMTP server, the manage page (QR code, change,
 * cancel, never cached), the roster and check-in with a typed code in the back office, axe on each.
 */
const smtp = specSmtpServer();

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
});

const inTenDays = () => {
  const at = new Date(Date.now() + 10 * 86_400_000 + 8 * 3_600_000);
  return `${at.toISOString().slice(0, 10)}T09:30:00`;
};

async function newActivity(
  request: Parameters<typeof adminHeaders>[0],
  language: 'tw' | 'en',
  settings: Record<string, unknown> = {},
): Promise<number> {
  const headers = await adminHeaders(request, language);
  const type = await request.post('/api/webactivitytype/add', { headers, data: { name: `Type ${Date.now()}` } });
  const typeId = (await type.json()).id;
  const added = await request.post('/api/webactivity/add', {
    headers,
    data: {
      typeId,
      title: language === 'tw' ? '報名測試研討會' : 'Sign-up test seminar',
      startAt: inTenDays(),
      location: language === 'tw' ? '台北國際會議中心' : 'Taipei International Convention Center',
      registrationEnabled: true,
      capacity: 2,
      waitlistEnabled: true,
      askFields: 'organization*',
      consentText:
        language === 'tw'
          ? '本會蒐集您的姓名與電子郵件，僅用於本活動。'
          : 'We collect your name and e-mail for this activity only.',
      consentVersion: '2026-11',
      ...settings,
    },
  });
  expect(added.status()).toBe(200);
  return (await added.json()).id;
}

const words = {
  tw: {
    open: /開放報名中，截止於 .+，尚餘 2 個名額。/,
    link: '我要報名',
    name: /^姓名/,
    email: /^電子郵件/,
    organization: /^服務單位/,
    consent: '我已閱讀上述告知，並同意本活動蒐集及利用我的個人資料。',
    submit: '送出報名',
    nameRequired: '「姓名」為必填。',
    consentRequired: '請同意個人資料蒐集告知後再報名。',
    confirmed: '報名成功。確認信（附行事曆檔）已寄至您的信箱。',
    subject: '報名成功：報名測試研討會',
    statusConfirmed: '已確認',
  },
  en: {
    open: /Sign-up is open until .+: 2 seats left\./,
    link: 'Sign up for this activity',
    name: /^Name/,
    email: /^E-mail/,
    organization: /^Organization/,
    consent: 'I have read the notice above and agree to the collection and use of my personal data for this activity.',
    submit: 'Sign up',
    nameRequired: 'Name is required.',
    consentRequired: 'Please agree to the personal data notice to sign up.',
    confirmed: 'You are signed up. A confirmation with a calendar file has been e-mailed to you.',
    subject: 'Sign-up confirmed: Sign-up test seminar',
    statusConfirmed: 'Confirmed',
  },
} as const;

for (const language of ['tw', 'en'] as const) {
  test(`${language}: signing up without JavaScript, from the activity's page to the confirmation and its e-mail`, async ({
    browser,
    request,
  }) => {
    const w = words[language];
    const id = await newActivity(request, language);
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextTestAddress() });
    const page = await context.newPage();
    await page.goto(`/${language}/activities/${id}`);
    await expect(page.getByText(w.open)).toBeVisible();
    await page.getByRole('link', { name: w.link }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/activities/${id}/register$`));
    await expect(page.getByText(w.open)).toBeVisible();

    // Nothing filled: each problem beside its field, the summary first.
    await page.getByRole('button', { name: w.submit }).click();
    await expect(page.locator('#signup-name-error')).toHaveText(w.nameRequired);
    await expect(page.locator('#signup-consent-error')).toHaveText(w.consentRequired);
    await expect(page.locator('#signup-name')).toHaveAttribute('aria-invalid', 'true');

    const email = `signup-${language}-${Date.now()}@example.org`;
    await page
      .getByRole('main')
      .getByLabel(w.name)
      .fill(language === 'tw' ? '陳大文' : 'Dana Chen');
    await page.getByRole('main').getByLabel(w.email).fill(email);
    await page.getByRole('main').getByLabel(w.organization).fill('Trust Co.');
    await page.getByRole('main').getByLabel(w.consent).check();
    await page.getByRole('button', { name: w.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/registration/[\\w-]{43}\\?new=1$`));
    await expect(page.getByRole('status')).toContainText(w.confirmed);
    await expect(page.getByText(w.statusConfirmed)).toBeVisible();
    await expect(page.locator('[role="img"] svg')).toBeVisible();
    const manage = page.url().replace(/\?.*$/, '');
    await context.close();

    const mail = await smtp.mailTo(email);
    expect(mail.subject).toContain(w.subject);
    expect(mail.text).toContain(manage);
    const ics = mail.parsed.attachments.find((file) => file.filename === 'activity.ics')!;
    expect(ics.content.toString()).toMatch(/DTSTART;TZID=Asia\/Taipei:\d{8}T093000/);
    expect(ics.content.toString()).toContain(`UID:activity-${id}@`);
    smtp.received.length = 0;
  });
}

test('the manage page: never cached or indexed; the answers change and the sign-up is cancelled without JavaScript', async ({
  browser,
  request,
}) => {
  const id = await newActivity(request, 'en', { capacity: 1 });
  const signUp = async (name: string) => {
    const answer = await request.post(`/api/webactivity/register/${id}`, {
      headers: {
        'web-language': 'en',
        cookie: 'XSRF-TOKEN=x',
        'x-xsrf-token': 'x',
        'x-forwarded-for': nextTestAddress(),
      },
      data: { name, email: `${name.toLowerCase()}-${Date.now()}@example.org`, organization: 'A', consent: true },
    });
    expect(answer.status()).toBe(200);
    return answer.json();
  };
  const first = await signUp('First');
  const second = await signUp('Second');
  expect([first.status, second.status]).toEqual(['confirmed', 'waitlisted']);
  const response = await request.get(first.manageUrl.replace(/^https?:\/\/[^/]+/, ''));
  expect(response.headers()['cache-control']).toContain('no-store');
  expect(response.headers()['xkey']).toBeUndefined();
  expect(await response.text()).toMatch(/<meta name="robots" content="noindex, nofollow"/);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(first.manageUrl.replace(/^https?:\/\/[^/]+/, ''));
  await page
    .getByRole('main')
    .getByLabel(/^Organization/)
    .fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Organization is required.');
  await page
    .getByRole('main')
    .getByLabel(/^Organization/)
    .fill('New Co.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Your answers were saved.');
  await expect(page.getByRole('main').getByLabel(/^Organization/)).toHaveValue('New Co.');
  await page.getByRole('button', { name: 'Cancel my sign-up' }).click();
  await expect(page.getByRole('status')).toContainText('Your sign-up is cancelled.');
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await context.close();
  // The seat went to the waiting list.
  const promoted = await request.get(`/api/registration/${second.manageUrl.split('/').pop()}`);
  expect((await promoted.json()).status).toBe('confirmed');
});

test('axe: the activity page with its sign-up state, the form with its errors, the manage page', async ({
  page,
  request,
}) => {
  const id = await newActivity(request, 'tw');
  await page.goto(`/tw/activities/${id}`);
  await expectNoAxeViolations(page);
  await page.goto(`/tw/activities/${id}/register`);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: words.tw.submit }).click();
  await expect(page.locator('#signup-name-error')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('main').getByLabel(words.tw.name).fill('林小姐');
  await page.getByRole('main').getByLabel(words.tw.email).fill(`axe-${Date.now()}@example.org`);
  await page.getByRole('main').getByLabel(words.tw.organization).fill('乙公司');
  await page.getByRole('main').getByLabel(words.tw.consent).check();
  await page.getByRole('button', { name: words.tw.submit }).click();
  await expect(page).toHaveURL(/\/tw\/registration\/[\w-]{43}\?new=1$/);
  // The page's title arrives with its metadata after the client-side navigation the form's redirect makes.
  await expect(page).toHaveTitle(/您的報名/);
  await expectNoAxeViolations(page);
});

test('the roster and check-in with a typed code in the back office, with axe', async ({ page, request }) => {
  const id = await newActivity(request, 'en', { capacity: 1 });
  const headers = { 'web-language': 'en', cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' };
  const signUp = async (name: string) =>
    (
      await request.post(`/api/webactivity/register/${id}`, {
        headers: { ...headers, 'x-forwarded-for': nextTestAddress() },
        data: {
          name,
          email: `${name.toLowerCase()}-${Date.now()}@example.org`,
          organization: `${name} Co.`,
          consent: true,
        },
      })
    ).json();
  const ada = await signUp('Ada');
  await signUp('Bo');

  await signInTo(page, `/en-admin/webactivity/${id}/registrations`);
  await expect(page.getByRole('heading', { name: 'Sign-ups：Sign-up test seminar' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Confirmed 1 (1 of 1 seats)' })).toContainText('waiting 1');
  const table = page.getByRole('table', { name: /Sign-ups/ });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expectNoAxeViolations(page);

  // Cancel Ada: Bo moves up from the waiting list.
  await page.getByRole('button', { name: 'Cancel Ada' }).click();
  await expectToast(page, 'Sign-up cancelled.');
  await expect(page.getByRole('status').filter({ hasText: 'Confirmed 1' })).toContainText('cancelled 1');
  await page.getByRole('main').getByLabel('Status').selectOption('confirmed');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Bo Co.');

  // Add by hand: the activity is full, so the new sign-up waits.
  await page.getByText('Add a sign-up by hand').click();
  await page.locator('#roster-add-name').fill('Cy');
  await page.locator('#roster-add-email').fill(`cy-${Date.now()}@example.org`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(page, 'Sign-up added.');
  await expect(page.getByRole('status').filter({ hasText: 'Confirmed 1' })).toContainText('waiting 1');

  // Check-in: Bo's code typed in lower case; then again; then a code nobody has.
  const roster = await request.post(`/api/webactivity/registrations/${id}`, {
    headers: await adminHeaders(request, 'en'),
    data: { keyword: 'Bo' },
  });
  const bo = (await roster.json()).data[0];
  await page.getByRole('link', { name: 'Check-in at the door' }).click();
  await expect(page.getByRole('heading', { name: 'Check-in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('main').getByLabel('Code', { exact: true }).fill(bo.code.toLowerCase());
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.locator('.admin-checkin-result')).toContainText('Bo: 1 seat(s). Checked in at');
  await page.getByRole('main').getByLabel('Code', { exact: true }).fill(bo.code);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.locator('.admin-checkin-result')).toContainText('Already checked in at');
  // Or found by name: Cy is waiting, not confirmed, so the search finds nobody to check in.
  await page.getByRole('main').getByLabel('Name, e-mail or code').fill('Cy');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByText('No confirmed sign-up matches.')).toBeVisible();
  await page.getByRole('main').getByLabel('Name, e-mail or code').fill('Bo');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await page.getByRole('button', { name: 'Check in Bo' }).click();
  await expect(page.getByRole('button', { name: 'Check in Bo' })).toHaveCount(0);
  await expect(page.locator('.admin-checkin-result')).toContainText('Already checked in at');
  await page.getByRole('main').getByLabel('Code', { exact: true }).fill('ZZZZ2222');
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.locator('.admin-checkin-result')).toContainText(
    'No sign-up of this activity has the code "ZZZZ2222".',
  );
  await expectNoAxeViolations(page);
  void ada;
});

/**
 * The camera path of check-in. Headless Chromium has no camera and no `BarcodeDetector`, so the page
 * gets stand-ins before it loads: a reader that sees whatever the test holds up (`window.heldUp`) and
 * a camera that films a blank canvas. What is tested is the screen's own part: the scan button where
 * the browser has a reader, the camera started, each code it reads checked in (a foreign QR code
 * skipped), and the camera stopped. The parsing of what is read is unit-tested (test/admin/check-in.test.ts).
 */
test('check-in with the camera’s QR reader, through a stand-in reader and camera', async ({ page, request }) => {
  const id = await newActivity(request, 'en', { capacity: 2 });
  const signUp = async (name: string) =>
    (
      await request.post(`/api/webactivity/register/${id}`, {
        headers: {
          'web-language': 'en',
          cookie: 'XSRF-TOKEN=x',
          'x-xsrf-token': 'x',
          'x-forwarded-for': nextTestAddress(),
        },
        data: { name, email: `${name.toLowerCase()}-${Date.now()}@example.org`, organization: 'Co.', consent: true },
      })
    ).json() as Promise<{ code: string }>;
  const dee = await signUp('Dee');
  const eve = await signUp('Eve');
  await page.addInitScript(() => {
    const held = window as unknown as { heldUp: string[] };
    held.heldUp = [];
    class StandInReader {
      async detect() {
        return held.heldUp.map((rawValue) => ({ rawValue }));
      }
    }
    Object.assign(window, { BarcodeDetector: StandInReader });
    navigator.mediaDevices.getUserMedia = async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 64;
      canvas.getContext('2d')!.fillRect(0, 0, 64, 64);
      return canvas.captureStream();
    };
  });
  await signInTo(page, `/en-admin/webactivity/${id}/checkin`);
  const holdUp = (...codes: string[]) => page.evaluate((values) => Object.assign(window, { heldUp: values }), codes);
  await holdUp('https://example.org/a-poster', `${dee.code.slice(0, 4).toLowerCase()}-${dee.code.slice(4)}`);
  await page.getByRole('button', { name: 'Read the QR code with the camera' }).click();
  await expect(page.getByLabel('Camera')).toBeVisible();
  await expect(page.locator('.admin-checkin-result')).toContainText('Dee: 1 seat(s). Checked in at');
  await holdUp(eve.code);
  await expect(page.locator('.admin-checkin-result')).toContainText('Eve: 1 seat(s). Checked in at');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Stop the camera' }).click();
  await expect(page.getByLabel('Camera')).toHaveCount(0);
  const roster = await request.post(`/api/webactivity/registrations/${id}`, {
    headers: await adminHeaders(request, 'en'),
    data: { status: 'attended' },
  });
  expect((await roster.json()).total).toBe(2);
});

test('calendars: one activity’s file and the feed of upcoming activities, with the same UID', async ({ request }) => {
  const id = await newActivity(request, 'tw');
  const one = await request.get(`/tw/activities/${id}/calendar.ics`);
  expect(one.status()).toBe(200);
  expect(one.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await one.text();
  expect(text).toContain(`UID:activity-${id}@`);
  expect(text).toMatch(/DTSTART;TZID=Asia\/Taipei:\d{8}T093000/);
  expect(text).toContain('BEGIN:VTIMEZONE');
  const feed = await (await request.get('/tw/activities.ics')).text();
  expect(feed).toContain(`UID:activity-${id}@`);
  expect(feed).toContain('METHOD:PUBLISH');
  expect((await request.get('/tw/activities/999999/calendar.ics')).status()).toBe(404);
});
