/**
 * Rows for members only (`audience: "members"`): absent from everything visitors read (lists, rows,
 * search, the sitemap, feeds, open data, counterparts, neighbours, the home page), read by a
 * signed-in Member's page request (the member scope) without sharing a cached read with visitors, and
 * their uploads sent only to that scope.
 */
import { withMemberReads } from '../lib/cache/member-scope';
import { hashPassword } from '../lib/content/auth/passwords';
import { Role } from '../lib/content/model/roles';
import { getDb } from '../lib/db';
import { account } from '../lib/db/schema';
import { resources } from '../lib/content/model/registry';
import { openDataSheet } from '../lib/content/operations/export';
import { readPublicPage, readPublicRow } from '../lib/content/storage/reads';
import { membersOnlyUploads } from '../lib/content/storage/media';
import { announcementKinds, announcementPage, announcementQuery, neighbours } from '../lib/public/announcements';
import { counterpartPath } from '../lib/public/detail';
import { feedChannel } from '../lib/public/feeds';
import { homeContent } from '../lib/public/home';
import { searchSite } from '../lib/public/site-search';
import { loadSitemap } from '../lib/public/sitemap';
import { servePublicUpload } from '../lib/public/uploads';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent, fromNow, message, taipei } from './helpers/content';
import { withDatabase } from './helpers/database';
import { PNG, withUploadFolder } from './helpers/uploads';

withDatabase();
withUploadFolder();

let token: string;

beforeAll(async () => {
  token = (await signedIn(1)).token;
});

beforeEach(clearContent);

const ids = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);

async function uploadPng(name: string): Promise<string> {
  const data = new FormData();
  data.append('file', new Blob([PNG], { type: 'image/png' }), name);
  const result = await call('POST', 'upload', undefined, { token, raw: data });
  expect(result.status).toBe(200);
  return result.body.id;
}

/** A bulletin for everyone and one for members only, in a type of their own, an hour old. */
async function twoBulletins(extra: Record<string, unknown> = {}) {
  const type = await addRow('webbulletintype', { name: '一般' }, { token, language: 'tw' });
  const publishAt = taipei(fromNow(-1));
  const open = await addRow(
    'webbulletin',
    { typeId: type.id, title: '信託 公開公告', publishAt },
    { token, language: 'tw' },
  );
  const closed = await addRow(
    'webbulletin',
    { typeId: type.id, title: '信託 會員公告', publishAt, audience: 'members', ...extra },
    { token, language: 'tw' },
  );
  return { type, open, closed };
}

describe('the audience of a row', () => {
  test('is everyone unless staff choose members; anything else is refused in the request language', async () => {
    const { open, closed } = await twoBulletins();
    expect(open.audience).toBe('everyone');
    expect(closed.audience).toBe('members');
    const wrong = await call(
      'PUT',
      'webbulletin/update',
      { id: open.id, version: open.version, audience: 'friends' },
      { token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { field: 'audience', message: message('tw', 'notChoice', { field: '閱覽對象' }) },
    ]);
    const back = await call('PUT', 'webbulletin/update', { ...closed, audience: 'everyone' }, { token });
    expect(back.status).toBe(200);
    expect(back.body.audience).toBe('everyone');
  });

  test('staff read both rows; visitors never get the one for members, by list, row or keyword', async () => {
    const { type, open, closed } = await twoBulletins();
    const staff = await call('POST', `webbulletin/getlist/${type.id}`, {}, { token });
    expect(ids(staff.body).sort()).toEqual([open.id, closed.id].sort());
    const visitors = await call('POST', `webbulletin/getlist/${type.id}`, {});
    expect(ids(visitors.body)).toEqual([open.id]);
    expect(visitors.body.total).toBe(1);
    expect(visitors.body.data[0]).not.toHaveProperty('audience');
    expect((await call('GET', `webbulletin/get/${closed.id}`)).status).toBe(404);
    expect((await call('GET', `webbulletin/get/${closed.id}`, undefined, { token })).status).toBe(200);
    expect(ids((await call('POST', 'webbulletin/getlist', { keyword: '會員' })).body)).toEqual([]);
  });
});

describe('what visitors read leaves rows for members out', () => {
  test('public lists, the home page, neighbours, the site search, the sitemap and feeds', async () => {
    const { open, closed } = await twoBulletins();
    const news = await addRow('webnews', { title: '信託 會員消息', audience: 'members' }, { token, language: 'tw' });
    const kind = announcementKinds.bulletins;
    const list = await announcementPage(kind, 'tw', announcementQuery(kind, {}));
    expect(list.items.map((row) => row.id)).toEqual([open.id]);
    const home = await homeContent('tw');
    expect(home.bulletins.map((row) => row.id)).toEqual([open.id]);
    expect(home.news.map((row) => row.id)).toEqual([]);
    const around = await neighbours(kind, 'tw', (await readPublicRow(resources.webbulletin, 'tw', open.id))!);
    expect([around.previous, around.next]).toEqual([null, null]);

    const found = await searchSite('tw', '信託', 1, {}, 10);
    expect(found.hits.map((hit) => `${hit.resource}:${hit.id}`)).toEqual([`webbulletin:${open.id}`]);
    // A signed-in Member's search finds it too, marked; the visitor's after it still does not.
    const members = await withMemberReads(() => searchSite('tw', '信託', 1, {}, 10));
    expect(members.hits.map((hit) => [`${hit.resource}:${hit.id}`, hit.membersOnly]).sort()).toEqual(
      [
        [`webbulletin:${open.id}`, false],
        [`webbulletin:${closed.id}`, true],
        [`webnews:${news.id}`, true],
      ].sort(),
    );
    expect((await searchSite('tw', '信託', 1, {}, 10)).hits.map((hit) => hit.id)).toEqual([open.id]);
    const urls = (await loadSitemap()).map((entry) => entry.url);
    expect(urls.some((url) => url.endsWith(`/tw/bulletins/${open.id}`))).toBe(true);
    expect(urls.some((url) => url.endsWith(`/tw/bulletins/${closed.id}`))).toBe(false);
    expect(urls.some((url) => url.endsWith(`/tw/news/${news.id}`))).toBe(false);
    expect((await feedChannel('tw', 'bulletins')).items.map((item) => item.title)).toEqual(['信託 公開公告']);
    expect((await feedChannel('tw', 'news')).items).toEqual([]);
  });

  test('open data, and a counterpart for members only is no alternate of a page for everyone', async () => {
    const closed = await addRow('webnews', { title: 'Members news', audience: 'members' }, { token, language: 'en' });
    const open = await addRow('webnews', { title: '公開消息', translationId: closed.id }, { token, language: 'tw' });
    const rows = [];
    for await (const row of openDataSheet(resources.webnews, 'en').rows) rows.push(row);
    expect(rows).toEqual([]);
    const shown = (await readPublicRow(resources.webnews, 'tw', open.id))!;
    expect(await counterpartPath(resources.webnews, shown, 'tw', (id) => `/news/${id}`)).toBeNull();
    const asMember = await withMemberReads(() =>
      counterpartPath(resources.webnews, shown, 'tw', (id) => `/news/${id}`),
    );
    expect(asMember).toBe(`/news/${closed.id}`);
  });
});

describe("a signed-in Member's page request", () => {
  test("reads rows for members only, and its cached reads are never a visitor's", async () => {
    const { open, closed } = await twoBulletins();
    const kind = announcementKinds.bulletins;
    const query = announcementQuery(kind, {});
    const member = await withMemberReads(() => announcementPage(kind, 'tw', query));
    expect(member.items.map((row) => row.id).sort()).toEqual([open.id, closed.id].sort());
    // The same list read again by a visitor, right after: the Member's cached page is not theirs.
    expect((await announcementPage(kind, 'tw', query)).items.map((row) => row.id)).toEqual([open.id]);
    expect(await withMemberReads(() => readPublicRow(resources.webbulletin, 'tw', closed.id))).toMatchObject({
      id: closed.id,
      audience: 'members',
    });
    expect(await readPublicRow(resources.webbulletin, 'tw', closed.id)).toBeUndefined();
  });

  test("an upload only rows for members only name is a Member's alone, and never for a shared cache", async () => {
    const onlyMembers = await uploadPng('members.png');
    const alsoPublic = await uploadPng('shared.png');
    const { open } = await twoBulletins({ files: [onlyMembers, alsoPublic] });
    await call('PUT', 'webbulletin/update', { id: open.id, version: open.version, files: [alsoPublic] }, { token });
    expect([...(await membersOnlyUploads())]).toEqual([onlyMembers]);

    const visitor = await servePublicUpload(onlyMembers, new URLSearchParams(), null);
    expect(visitor.status).toBe(404);
    const member = await withMemberReads(() => servePublicUpload(onlyMembers, new URLSearchParams(), null));
    expect(member.status).toBe(200);
    expect(member.headers.get('cache-control')).toBe('private, no-store');
    const shared = await servePublicUpload(alsoPublic, new URLSearchParams(), null);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('cache-control')).not.toContain('private');
  });
});

describe('activities, zone items and videos for members only', () => {
  /** One row for everyone and one for members only of each, in Chinese. */
  async function rowsOfEach() {
    const tw = { token, language: 'tw' as const };
    const typeId = (await addRow('webactivitytype', { name: '研討會' }, tw)).id;
    const groupId = (await addRow('webspecialgroup', { name: '信託專區' }, tw)).id;
    const groupTypeId = (await addRow('webspecialgrouptype', { groupId, name: '說明' }, tw)).id;
    const values: Record<string, Record<string, unknown>> = {
      webactivity: { typeId, startAt: taipei(fromNow(24 * 7)), registrationEnabled: true },
      webspecial: { groupId, groupTypeId },
      webvision: { category: 1, videoUrl: 'https://www.youtube.com/watch?v=abc' },
    };
    const rows: Record<string, { open: number; closed: number }> = {};
    for (const [name, base] of Object.entries(values)) {
      const open = await addRow(name, { ...base, title: '信託 公開' }, tw);
      const closed = await addRow(name, { ...base, title: '信託 會員', audience: 'members' }, tw);
      rows[name] = { open: open.id, closed: closed.id };
    }
    return rows;
  }

  test("are left out of visitors' lists, search and sitemap, and read by a Member's page request", async () => {
    const rows = await rowsOfEach();
    const urls = (await loadSitemap()).map((entry) => entry.url);
    const found = (await searchSite('tw', '信託', 1, {}, 20)).hits.map((hit) => `${hit.resource}:${hit.id}`);
    for (const [name, { open, closed }] of Object.entries(rows)) {
      const definition = resources[name as keyof typeof resources];
      const visitors = await readPublicPage(definition, 'tw', { filters: {}, page: 1 });
      expect(visitors.rows.map((row) => row.id)).toEqual([open]);
      const members = await withMemberReads(() => readPublicPage(definition, 'tw', { filters: {}, page: 1 }));
      expect(members.rows.map((row) => row.id).sort()).toEqual([open, closed].sort());
      expect(found).not.toContain(`${name}:${closed}`);
      expect(urls.filter((url) => new RegExp(`/${closed}(#|$)`).test(url))).toEqual([]);
    }
  });

  test('a Member signed in signs up for an activity for members only; a visitor is told there is none', async () => {
    const { closed } = (await rowsOfEach()).webactivity;
    const db = await getDb();
    const institution = await addRow('webmemberdept', { name: '甲會員公司', category: 1 }, { token });
    await db.insert(account).values({
      username: 'signup@member.example',
      displayName: '會員甲',
      email: 'signup@member.example',
      role: Role.Member,
      memberId: institution.id,
      keyContact: true,
      passwordHash: await hashPassword('member password 1'),
    } as never);
    const login = await call('POST', 'account/login', {
      username: 'signup@member.example',
      password: 'member password 1',
    });
    const person = { name: '會員甲', email: 'signup@member.example', seats: 1, consent: true };
    const visitor = await call('POST', `webactivity/register/${closed}`, { ...person, email: 'v@example.org' });
    expect(visitor.status).toBe(404);
    const member = await call('POST', `webactivity/register/${closed}`, person, { token: login.body.token });
    expect(member.status).toBe(200);
    expect(member.body.status).toBe('confirmed');
  });
});
