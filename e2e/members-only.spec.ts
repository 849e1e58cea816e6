import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { linkIn, TestSmtpServer } from '../test/helpers/smtp';
import { adminHeaders, expectNoAxeViolations, nextTestAddress } from './helpers';
import { startVarnish, stopVarnish } from './varnish';
import { E2E_PORT, E2E_SMTP_PORT, E2E_VARNISH_PORT } from './worker';

/**
 * A bulletin for members only, through Varnish in front of the worker's server (deploy/varnish/default.vcl):
 * visitors get the site's 404 for its page and upload and never see it in the list; a signed-in
 * Member sees it, marked 會員限定 / Members only, in an answer that is private, carries no surrogate
 * keys and is never kept, so the visitor who asks after the Member still gets the 404. Axe in both
 * languages.
 */
const smtp = new TestSmtpServer(E2E_SMTP_PORT);
const front = `http://127.0.0.1:${E2E_VARNISH_PORT}`;
let workDir: string;

const words = {
  tw: { username: '電子郵件地址', password: '密碼', signIn: '登入', mark: '會員限定', notFound: '找不到這個頁面' },
  en: {
    username: 'E-mail address',
    password: 'Password',
    signIn: 'Sign in',
    mark: 'Members only',
    notFound: 'Page not found',
  },
} as const;

test.describe('rows for members only', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-members-only-'));
    await smtp.start();
    await startVarnish({ workDir, appPort: E2E_PORT, port: E2E_VARNISH_PORT }).ready();
  });

  test.afterAll(async () => {
    await stopVarnish();
    await smtp.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  /** An invited Member who has set a password: their e-mail and password. */
  async function newMember(request: APIRequestContext, headers: Record<string, string>, language: 'tw' | 'en') {
    const list = await request.post('/api/webmemberdept/getlist', { headers, data: { pageSize: 1 } });
    const [institution] = (await list.json()).data;
    const email = `members-only-${language}-${Date.now()}@example.org`;
    const invited = await request.post('/api/member/invite', {
      headers,
      data: { memberId: institution.id, email, name: 'Wang Yu' },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    const token = new URL(linkIn(await smtp.mailTo(email), 'http://127.0.0.1:')).searchParams.get('token');
    const password = 'members only password';
    const welcome = await request.post('/api/member/welcome', {
      data: { token, password },
      headers: { 'x-forwarded-for': nextTestAddress() },
    });
    expect(welcome.status(), await welcome.text()).toBe(200);
    return { email, password };
  }

  /** A browser signed in to the member area with the site's own form. */
  async function signedInMember(browser: Browser, member: { email: string; password: string }, language: 'tw' | 'en') {
    const w = words[language];
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': nextTestAddress() } });
    const page = await context.newPage();
    await page.goto(`/${language}/member/login`);
    await page.getByRole('main').getByLabel(w.username).fill(member.email);
    await page.getByRole('main').getByLabel(w.password, { exact: true }).fill(member.password);
    await page.getByRole('button', { name: w.signIn, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/member$`));
    return { context, page };
  }

  test('tw: every list marks its rows for members only, and a Member signs up for an activity for members only', async ({
    browser,
    request,
  }) => {
    const headers = await adminHeaders(request, 'tw');
    const stamp = Date.now();
    const add = async (resource: string, data: Record<string, unknown>) => {
      const added = await request.post(`/api/${resource}/add`, { headers, data });
      expect(added.status(), await added.text()).toBe(200);
      return (await added.json()) as { id: number };
    };
    const members = { audience: 'members' };
    const ruleClass = await add('webruleclass', { name: `類別 ${stamp}` });
    const disciplineType = await add('webdisciplinetype', { name: `自律類別 ${stamp}` });
    const activityType = await add('webactivitytype', { name: `活動類別 ${stamp}` });
    const zone = await add('webspecialgroup', { name: `專區 ${stamp}` });
    const zoneSection = await add('webspecialgrouptype', { groupId: zone.id, name: `說明 ${stamp}` });
    const startAt = `${new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)}T09:30:00`;
    const titles = {
      rule: `會員法規 ${stamp}`,
      discipline: `會員自律規範 ${stamp}`,
      statistics: `會員統計 ${stamp}`,
      activity: `會員活動 ${stamp}`,
      zone: `會員專區文章 ${stamp}`,
    };
    await add('webrule', { classId: ruleClass.id, title: titles.rule, ...members });
    await add('webdiscipline', { typeId: disciplineType.id, title: titles.discipline, ...members });
    await add('webstatics', { staticsType: 1, year: 1999, title: titles.statistics, ...members });
    const activity = await add('webactivity', {
      typeId: activityType.id,
      title: titles.activity,
      startAt,
      registrationEnabled: true,
      capacity: 10,
      ...members,
    });
    await add('webspecial', { groupId: zone.id, groupTypeId: zoneSection.id, title: titles.zone, ...members });
    const lists: [string, string][] = [
      [`/tw/laws?class=${ruleClass.id}`, titles.rule],
      [`/tw/self-regulation?type=${disciplineType.id}`, titles.discipline],
      ['/tw/statistics?year=1999', titles.statistics],
      [`/tw/activities?type=${activityType.id}`, titles.activity],
      [`/tw/special/${zone.id}`, titles.zone],
    ];
    for (const [path, title] of lists) expect(await (await request.get(path)).text(), path).not.toContain(title);
    // The sign-up page renders on every request (streamed): the site's not-found content and a 404 all the same.
    const signUpAnswer = await request.get(`/tw/activities/${activity.id}/register`);
    expect(signUpAnswer.status()).toBe(404);
    const signUpPage = await signUpAnswer.text();
    expect(signUpPage).toContain('<main');
    expect(signUpPage).not.toContain(titles.activity);
    expect(signUpPage).not.toContain('送出報名');

    const member = await signedInMember(browser, await newMember(request, headers, 'tw'), 'tw');
    for (const [path, title] of lists) {
      const html = await (await member.context.request.get(path)).text();
      expect(html, path).toMatch(new RegExp(`<span class="badge">${words.tw.mark}</span> <a [^>]*>${title}</a>`));
    }
    const { page } = member;
    await page.goto(`/tw/activities/${activity.id}/register`);
    await page.getByRole('checkbox', { name: '我已閱讀上述告知，並同意本活動蒐集及利用我的個人資料。' }).check();
    await page.getByRole('button', { name: '送出報名' }).click();
    await expect(page.getByText('報名成功。確認信（附行事曆檔）已寄至您的信箱。')).toBeVisible();
    await member.context.close();
  });

  for (const language of ['tw', 'en'] as const) {
    test(`${language}: a bulletin for members only is a 404 for visitors and marked for a Member, never cached`, async ({
      browser,
      request,
    }) => {
      const w = words[language];
      const headers = await adminHeaders(request, language);
      const types = await request.post('/api/webbulletintype/getlist', { headers, data: { pageSize: 1 } });
      const [type] = (await types.json()).data;
      const upload = await request.post('/api/upload', {
        headers,
        multipart: {
          file: { name: 'members.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
        },
      });
      expect(upload.status()).toBe(200);
      const file = (await upload.json()) as { id: string; url: string };
      const title = `Members only ${language} ${Date.now()}`;
      const added = await request.post('/api/webbulletin/add', {
        headers,
        data: { typeId: type.id, title, content: '<p>For members.</p>', files: [file.id], audience: 'members' },
      });
      expect(added.status(), await added.text()).toBe(200);
      const { id } = (await added.json()) as { id: number };
      const page = `/${language}/bulletins/${id}`;
      const list = `/${language}/bulletins`;

      // A visitor, twice (the second may come from the tier): the site's 404, no trace in the list, no file.
      for (let i = 0; i < 2; i++) {
        const visitor = await request.get(`${front}${page}`);
        expect(visitor.status()).toBe(404);
        expect(await visitor.text()).not.toContain(title);
        expect(await (await request.get(`${front}${list}`)).text()).not.toContain(title);
        expect((await request.get(`${front}${file.url}`)).status()).toBe(404);
      }

      const member = await signedInMember(browser, await newMember(request, headers, language), language);
      const seen = await member.page.goto(`${front}${page}`);
      expect(seen?.status()).toBe(200);
      expect(seen?.headers()['cache-control']).toBe('private, no-store');
      expect(seen?.headers()['x-cache']).toBe('PASS');
      await expect(member.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(member.page.getByRole('main').getByText(w.mark, { exact: true })).toBeVisible();
      await expectNoAxeViolations(member.page);
      // Straight from the app: no surrogate keys for a tier to keep it under.
      const direct = await member.context.request.get(page);
      expect(direct.status()).toBe(200);
      expect(direct.headers().xkey).toBeUndefined();
      expect(direct.headers()['surrogate-key']).toBeUndefined();
      expect(direct.headers()['cache-control']).toBe('private, no-store');
      const listed = await member.context.request.get(`${front}${list}`);
      expect(listed.headers()['cache-control']).toBe('private, no-store');
      const listedText = await listed.text();
      expect(listedText).toContain(title);
      expect(listedText).toContain(`<span class="badge">${w.mark}</span>`);
      const attachment = await member.context.request.get(`${front}${file.url}`);
      expect(attachment.status()).toBe(200);
      expect(attachment.headers()['cache-control']).toBe('private, no-store');
      await member.context.close();

      // The visitor after the Member: still the 404, the list without it, the file unknown.
      const after = await request.get(`${front}${page}`);
      expect(after.status()).toBe(404);
      expect(await after.text()).not.toContain(title);
      expect(await (await request.get(`${front}${list}`)).text()).not.toContain(title);
      expect((await request.get(`${front}${file.url}`)).status()).toBe(404);
      const anonymous = await browser.newContext();
      const visitorPage = await anonymous.newPage();
      expect((await visitorPage.goto(`${front}${page}`))?.status()).toBe(404);
      await expect(visitorPage.getByRole('heading', { level: 1, name: w.notFound })).toBeVisible();
      await expectNoAxeViolations(visitorPage);
      await anonymous.close();
    });
  }
});
