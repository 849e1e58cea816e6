import { buildSitemap, loadSitemap } from '../../lib/public/sitemap';
import { escapeXml, feedChannel, parseFeed, rssXml } from '../../lib/public/feeds';
import { eventJsonLd, newsArticleJsonLd, organizationJsonLd } from '../../lib/public/structured-data';
import { searchSite } from '../../lib/public/site-search';
import { siteScriptSource } from '../../lib/public/site-script';
import {
  counterEndpoints,
  counterForPath,
  countedCookie,
  countOncePerSession,
  type CounterView,
  type SessionCookies,
} from '../../lib/public/visit-counter';
import { announcementKinds, announcementPage, neighbours } from '../../lib/public/announcements';
import { defaultWebInfo, lastContentUpdate } from '../../lib/content/storage/settings';
import { cacheStats } from '../../lib/cache/public-reads';
import { latestContentUpdate } from '../../lib/public/site';
import { resources } from '../../lib/content/model/registry';
import { getRow } from '../../lib/content/storage/row-reads';
import type { SiteRoute } from '../../lib/public/routes';
import { signedIn } from '../helpers/api';
import { addRow, clearContent, fromNow, taipei } from '../helpers/content';
import { withDatabase } from '../helpers/database';
import { waitFor } from '../helpers/wait-for';

const origin = 'http://localhost:3000';

describe('sitemap building', () => {
  const routes = [
    { id: 'home', path: '', area: 'mainpage' },
    { id: 'announcements', path: '/news', parent: 'home', area: 'web-info', page: false },
    { id: 'news', path: '/news', parent: 'announcements', area: 'web-info' },
    { id: 'qa', path: '/qa', parent: 'home', area: 'related-info' },
  ] as unknown as SiteRoute[];

  test('lists every page in both languages with hreflang alternates and x-default; groups without a page are left out', () => {
    const map = buildSitemap(routes, { tw: [], en: [] });
    expect(map.map((e) => e.url)).toEqual([
      `${origin}/tw`,
      `${origin}/en`,
      `${origin}/tw/news`,
      `${origin}/en/news`,
      `${origin}/tw/qa`,
      `${origin}/en/qa`,
    ]);
    expect(map[3].alternates?.languages).toEqual({
      'zh-Hant-TW': `${origin}/tw/news`,
      en: `${origin}/en/news`,
      'x-default': `${origin}/tw/news`,
    });
  });

  test('a row names its counterpart; a row without one has only its own language; anchored rows are their page, once, dated by the newest row', () => {
    const old = new Date('2024-01-01T00:00:00Z');
    const recent = new Date('2024-06-01T00:00:00Z');
    const map = buildSitemap(routes, {
      tw: [
        { path: '/news/1', counterpart: '/news/2', updatedAt: old },
        { path: '/news/3', counterpart: null, updatedAt: recent },
        { path: '/qa?type=4#item-5', counterpart: '/qa?type=6#item-7', updatedAt: old },
        { path: '/qa?type=4#item-8', counterpart: null, updatedAt: recent },
        { path: '/qa#item-9', counterpart: null, updatedAt: recent },
      ],
      en: [{ path: '/news/2', counterpart: '/news/1', updatedAt: old }],
    });
    const entry = (path: string) => map.find((e) => e.url === `${origin}${path}`)!;
    expect(entry('/tw/news/1').alternates?.languages).toEqual({
      'zh-Hant-TW': `${origin}/tw/news/1`,
      en: `${origin}/en/news/2`,
      'x-default': `${origin}/tw/news/1`,
    });
    expect(entry('/en/news/2').alternates?.languages).toEqual({
      'zh-Hant-TW': `${origin}/tw/news/1`,
      en: `${origin}/en/news/2`,
      'x-default': `${origin}/tw/news/1`,
    });
    expect(entry('/tw/news/3').alternates?.languages).toEqual({
      'zh-Hant-TW': `${origin}/tw/news/3`,
      'x-default': `${origin}/tw/news/3`,
    });
    expect(map.filter((e) => e.url.includes('#'))).toEqual([]);
    expect(map.filter((e) => e.url === `${origin}/tw/qa?type=4`)).toHaveLength(1);
    expect(entry('/tw/qa?type=4').lastModified).toEqual(recent);
    expect(entry('/tw/qa?type=4').alternates?.languages).toMatchObject({ en: `${origin}/en/qa?type=6` });
    // A row on a route's own page adds no second entry, only its date.
    expect(map.filter((e) => e.url === `${origin}/tw/qa`)).toHaveLength(1);
    expect(entry('/tw/qa').lastModified).toEqual(recent);
  });
});

describe('RSS', () => {
  test('escapes text and drops characters XML cannot hold', () => {
    expect(escapeXml(`a & b <c> "d" 'e'\u0001\u000b`)).toBe('a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;');
    expect(escapeXml('中文\ttab\nline')).toBe('中文\ttab\nline');
  });

  test('builds RSS 2.0 with a self link and dated items', () => {
    const xml = rssXml({
      title: 'News & more',
      url: 'https://x.example/tw/news',
      selfUrl: 'https://x.example/feeds/tw/news.xml',
      description: '<b>d</b>',
      language: 'zh-TW',
      items: [
        {
          title: 'A < B',
          url: 'https://x.example/tw/news/1?a=1&b=2',
          description: 'x',
          published: new Date('2024-05-01T00:00:00Z'),
        },
      ],
    });
    expect(xml).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">');
    expect(xml).toContain('<title>News &amp; more</title>');
    expect(xml).toContain('<description>&lt;b&gt;d&lt;/b&gt;</description>');
    expect(xml).toContain(
      '<atom:link href="https://x.example/feeds/tw/news.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(xml).toContain('<item><title>A &lt; B</title><link>https://x.example/tw/news/1?a=1&amp;b=2</link>');
    expect(xml).toContain('<pubDate>Wed, 01 May 2024 00:00:00 GMT</pubDate>');
    expect(xml).toContain('<lastBuildDate>Wed, 01 May 2024 00:00:00 GMT</lastBuildDate>');
  });

  test('only the known feeds of the two languages exist', () => {
    expect(parseFeed('tw', 'news.xml')).toEqual({ language: 'tw', kind: 'news' });
    expect(parseFeed('en', 'bulletins.xml')).toEqual({ language: 'en', kind: 'bulletins' });
    expect(parseFeed('fr', 'news.xml')).toBeNull();
    expect(parseFeed('tw', 'news')).toBeNull();
    expect(parseFeed('tw', 'webnews.xml')).toBeNull();
  });
});

describe('structured data', () => {
  const site = {
    ...defaultWebInfo('tw'),
    siteName: '協會',
    associationName: '臺灣協會',
    address: '臺北市',
    phone: '02-1',
    email: 'a@b.example',
    logoUrl: '/uploads/x/logo.png',
  };

  test('Organization carries the contact details of the web settings, and no empty property', () => {
    const org = organizationJsonLd({ ...site, fax: '' }, 'tw');
    expect(org).toMatchObject({
      '@type': 'Organization',
      name: '臺灣協會',
      alternateName: '協會',
      url: `${origin}/tw`,
      logo: `${origin}/uploads/x/logo.png`,
      telephone: '02-1',
      email: 'a@b.example',
    });
    expect(org.address).toEqual({ '@type': 'PostalAddress', streetAddress: '臺北市' });
    expect('faxNumber' in org).toBe(false);
  });

  test('NewsArticle and Event have absolute URLs and ISO dates', () => {
    const published = new Date('2024-05-01T02:00:00Z');
    const article = newsArticleJsonLd(
      {
        title: 't',
        url: '/tw/news/1',
        description: 'd',
        published,
        modified: null,
        image: '/uploads/i/a.png',
        language: 'tw',
      },
      site,
    );
    expect(article).toMatchObject({
      '@type': 'NewsArticle',
      url: `${origin}/tw/news/1`,
      datePublished: published.toISOString(),
      dateModified: published.toISOString(),
      image: [`${origin}/uploads/i/a.png`],
      inLanguage: 'zh-Hant-TW',
    });
    const event = eventJsonLd(
      {
        name: 'e',
        url: '/en/activities/2',
        description: '',
        start: published,
        end: null,
        location: '',
        organizer: '',
        image: null,
        registrationUrl: '',
        language: 'en',
      },
      site,
    );
    expect(event).toMatchObject({
      '@type': 'Event',
      startDate: published.toISOString(),
      location: { '@type': 'Place', name: '臺灣協會', address: '臺北市' },
      organizer: { name: '臺灣協會' },
    });
    expect('endDate' in event || 'offers' in event || 'description' in event).toBe(false);
  });
});

describe('site search paging across resources', () => {});

describe('visit counting', () => {
  test('the accessibility area has its own counter', () => {
    expect(counterForPath('/accessibility')).toBe('accessible');
    expect(counterForPath('/accessibility/accesskeys')).toBe('accessible');
    expect(counterForPath('/accessibility-news')).toBe('visit');
    expect(counterForPath('/')).toBe('visit');
  });

  test('counts once per browser session (a session cookie), and survives a failed request', async () => {
    const marked = new Set<string>();
    const cookies: SessionCookies = {
      has: async (name) => marked.has(name),
      mark: async (name) => {
        marked.add(name);
      },
    };
    const calls: string[] = [];
    const fetcher = (async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ count: 41, date: null }));
    }) as unknown as typeof fetch;
    const count = (view: CounterView, using: typeof fetch, jar = cookies) =>
      countOncePerSession(counterEndpoints[view], countedCookie(view), jar, using);
    expect(await count('visit', fetcher)).toBe(41);
    expect(await count('visit', fetcher)).toBeNull();
    expect(await count('accessible', fetcher)).toBe(41);
    expect(calls).toEqual(['/api/websetting/visitcount', '/api/websetting/accessiblevisitcount']);
    expect([...marked]).toEqual(['gh_counted_visit', 'gh_counted_accessible']);
    const failing = (async () => {
      throw new Error('offline');
    }) as unknown as typeof fetch;
    const fresh = { has: async () => false, mark: async () => {} };
    expect(await count('visit', failing, fresh)).toBeNull();
    // Cookies the browser will not give (blocked) count nothing either.
    const blocked = { has: () => Promise.reject(new Error('blocked')), mark: async () => {} };
    expect(await count('visit', fetcher, blocked)).toBeNull();
    expect(calls).toHaveLength(2);
  });

  test('the site script runs on its own: it needs nothing of its module, only the page', () => {
    const listeners: string[] = [];
    const classes: string[] = [];
    const page = {
      documentElement: { classList: { add: (name: string) => classes.push(name) }, lang: 'en' },
      readyState: 'loading',
      addEventListener: (type: string) => listeners.push(type),
    };
    const window = { addEventListener: (type: string) => listeners.push(`window ${type}`) };
    new Function('document', 'window', 'fetch', siteScriptSource)(page, window, () =>
      Promise.reject(new Error('not called')),
    );
    expect(classes).toEqual(['js']);
    // The navigation's and the search box's suggestions' listeners, and the visit counter's.
    expect(listeners.sort()).toEqual([
      'click',
      'click',
      'focusout',
      'focusout',
      'input',
      'keydown',
      'keydown',
      'mousedown',
      'mouseleave',
      'window load',
    ]);
  });
});

describe('public reads on the database', () => {
  withDatabase();
  let token: string;
  beforeAll(async () => {
    token = (await signedIn(1)).token;
  });
  beforeEach(async () => {
    await clearContent();
  });

  test('activities split into upcoming (soonest first, ongoing included) and past (latest first); unknown types show the whole list', async () => {
    const type = await addRow('webactivitytype', { name: 'Seminar' }, { token, language: 'en' });
    const add = (title: string, start: number, end?: number) =>
      addRow(
        'webactivity',
        {
          typeId: type.id,
          title,
          startAt: taipei(fromNow(start)),
          ...(end === undefined ? {} : { endAt: taipei(fromNow(end)) }),
        },
        { token, language: 'en' },
      );
    await add('later', 48);
    await add('soon', 2);
    await add('ongoing', -2, 5);
    await add('finished', -48, -40);
    await add('long ago', -400);
    const titles = async (when: 'upcoming' | 'past', typeId?: number) =>
      (await announcementPage(announcementKinds.activities, 'en', { page: 1, when, type: typeId })).items.map(
        (i) => i.title,
      );
    expect(await titles('upcoming')).toEqual(['ongoing', 'soon', 'later']);
    expect(await titles('past')).toEqual(['finished', 'long ago']);
    expect(await titles('upcoming', type.id)).toEqual(['ongoing', 'soon', 'later']);
    expect(await titles('upcoming', 999999)).toEqual(['ongoing', 'soon', 'later']);
    const page = await announcementPage(announcementKinds.activities, 'en', { page: 50, when: 'past', pageSize: 1 });
    expect({ page: page.page, total: page.total, titles: page.items.map((i) => i.title) }).toEqual({
      page: 2,
      total: 2,
      titles: ['long ago'],
    });
  });

  test('previous and next follow the publication dates', async () => {
    const add = (title: string, hours: number) =>
      addRow('webnews', { title, publishAt: taipei(fromNow(hours)) }, { token, language: 'tw' });
    const oldest = await add('oldest', -30);
    const middle = await add('middle', -20);
    const newest = await add('newest', -10);
    const row = await getRow(resources.webnews, { language: 'tw', publicOnly: true }, middle.id);
    const around = await neighbours(announcementKinds.news, 'tw', row!);
    expect([around.previous?.id, around.next?.id]).toEqual([oldest.id, newest.id]);
  });

  test('site search pages through several resources, and the sitemap and feeds show only public rows', async () => {
    const type = await addRow('webbulletintype', { name: '一般' }, { token, language: 'tw' });
    for (let i = 0; i < 7; i++) await addRow('webnews', { title: `信託消息 ${i}` }, { token, language: 'tw' });
    for (let i = 0; i < 6; i++)
      await addRow('webbulletin', { typeId: type.id, title: `信託公告 ${i}` }, { token, language: 'tw' });
    const hidden = await addRow('webnews', { title: '信託 隱藏', isVisible: false }, { token, language: 'tw' });
    const expired = await addRow(
      'webnews',
      { title: '信託 過期', publishAt: taipei(fromNow(-48)), unpublishAt: taipei(fromNow(-24)) },
      { token, language: 'tw' },
    );
    const first = await searchSite('tw', '信託', 1, {}, 10);
    expect(first.total).toBe(13);
    expect(first.areas).toEqual([
      { area: 'news', count: 7 },
      { area: 'bulletins', count: 6 },
    ]);
    const second = await searchSite('tw', '信託', 9, {}, 10);
    expect(second.page).toBe(2);
    expect(second.hits).toHaveLength(3);
    const both = [...first.hits, ...second.hits].map((h) => `${h.resource}:${h.id}`);
    expect(new Set(both).size).toBe(13);
    expect(both.filter((key) => key.startsWith('webbulletin:'))).toHaveLength(6);
    expect((await searchSite('tw', '信託 公告', 1)).total).toBe(6);
    expect((await searchSite('en', '信託', 1)).total).toBe(0);
    expect((await searchSite('tw', '   ', 1)).hits).toEqual([]);

    const urls = (await loadSitemap()).map((e) => e.url);
    expect(urls.filter((u) => /\/tw\/news\/\d+$/.test(u))).toHaveLength(7);
    expect(urls).not.toContain(`${origin}/tw/news/${hidden.id}`);
    expect(urls).not.toContain(`${origin}/tw/news/${expired.id}`);
    const feed = await feedChannel('tw', 'news');
    expect(feed.items.map((i) => i.title)).not.toContain('信託 隱藏');
    expect(feed.items).toHaveLength(7);
  });

  test('groups hits by the public page that shows them: page sections under their own page', async () => {
    await addRow('webnews', { title: '信託消息' }, { token, language: 'tw' });
    await addRow('webeditor', { page: 6, title: '信託與隱私', content: '<p>一</p>' }, { token, language: 'tw' });
    await addRow('webeditor', { page: 1, title: '信託簡介', content: '<p>二</p>' }, { token, language: 'tw' });
    const results = await searchSite('tw', '信託', 1, {}, 10);
    expect(results.areas.map((a) => [a.area, a.count]).sort()).toEqual([
      ['aboutIntro', 1],
      ['news', 1],
      ['privacy', 1],
    ]);
    expect(results.hits.map((h) => [h.route, h.path.split('#')[0]]).sort()).toEqual([
      ['aboutIntro', '/about'],
      ['news', expect.stringMatching(/^\/news\/\d+$/)],
      ['privacy', '/privacy'],
    ]);
  });
});

describe('the footer update date', () => {
  withDatabase();

  test('follows writes at once, and is not read again while nothing was written', async () => {
    const { token } = await signedIn(1);
    await addRow('webnews', { title: 'one' }, { token, language: 'tw' });
    const afterFirst = await latestContentUpdate();
    expect(afterFirst).toEqual(await lastContentUpdate());
    const misses = cacheStats().misses;
    expect(await latestContentUpdate()).toBe(afterFirst);
    expect(cacheStats().misses).toBe(misses);
    // The next write is stamped in a later millisecond.
    await waitFor(() => Date.now() > afterFirst!.getTime(), { what: 'the clock past the first write' });
    await addRow('webbulletintype', { name: 'later' }, { token, language: 'en' });
    const afterSecond = await latestContentUpdate();
    expect(afterSecond!.getTime()).toBeGreaterThan(afterFirst!.getTime());
    expect(afterSecond).toEqual(await lastContentUpdate());
  });
});
