/**
 * A resource is its definition: a throw-away one, defined here and added to the registry of this
 * process only, gets its table (and a generated migration), its API, its OpenAPI entry, its
 * back-office menu entry, its public links and its own public pages (the site map's entry, the
 * generic list and detail pages, the cached first page), with no other file touched.
 */
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { defineResource } from '../lib/content/model/define';
import { field } from '../lib/content/model/fields';
import { allResources, extendRegistry, findResource } from '../lib/content/model/registry';
import type { RowOf } from '../lib/content/model/rows';
import { getDb } from '../lib/db';
import { allTables } from '../lib/db/tables';
import { withDatabase } from './helpers/database';

const webfixture = defineResource({
  name: 'webfixture',
  label: { tw: '測試資源', en: 'Fixture' },
  titleField: 'title',
  window: true,
  fields: {
    title: field.text(['標題', 'Title'], { required: true, searchable: true, listed: true }),
    body: field.richtext(['內容', 'Content']),
    rank: field.integer(['排名', 'Rank']),
  },
  menu: 'info',
  // A route of its own: no hand-written route is called `fixtures`.
  public: { route: 'fixtures', pageSize: 5 },
});

// Row types follow the definition: this line does not compile if they do not.
const typed: Pick<RowOf<typeof webfixture>, 'title' | 'rank' | 'publishAt' | 'lang'> = {
  title: 'x',
  rank: null,
  publishAt: new Date(),
  lang: 'tw',
};

const tablesBefore = allTables();
extendRegistry(webfixture);

withDatabase();

test('the registry knows it, and a migration for its table is generated from the definition alone', async () => {
  expect(typed.title).toBe('x');
  expect(findResource('webfixture')).toBe(webfixture);
  expect(allResources().at(-1)).toBe(webfixture);
  const statements = await generateMigration(generateDrizzleJson(tablesBefore), generateDrizzleJson(allTables()));
  expect(statements[0]).toMatch(/^CREATE TABLE "webfixture"/);
  expect(statements.join('\n')).toContain('"publish_at" timestamp with time zone DEFAULT now() NOT NULL');
  expect(statements.join('\n')).toContain('"rank" integer');
  const db = await getDb();
  for (const statement of statements) await db.execute(sql.raw(statement));
});

test('it has the generic API, an OpenAPI entry, a menu entry and public links', async () => {
  // Loaded after the registry was extended: the API's route table is built from it.
  const { call, signedIn } = await import('./helpers/api');
  const { buildMenu } = await import('../lib/admin/menu');
  const { publicRowPath } = await import('../lib/public/row-links');
  const { token } = await signedIn(1);
  const added = await call('POST', 'webfixture/add', { title: '測試', rank: 3 }, { token });
  expect(added.status).toBe(200);
  expect(added.body).toMatchObject({ title: '測試', rank: 3 });
  const anonymous = await call('POST', 'webfixture/getlist', { page: 1, pageSize: 10 }, { token: null });
  expect(anonymous.status).toBe(200);
  expect(anonymous.body.data.map((row: { id: number }) => row.id)).toEqual([added.body.id]);

  const doc = (await call('GET', 'openapi.json')).body;
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/webfixture/add', '/api/webfixture/getlist']));
  expect(doc.components.schemas.webfixture).toBeDefined();

  const info = buildMenu('en', 0).find((group) => group.id === 'info')!;
  expect(info.entries.at(-1)).toMatchObject({ href: '/en-admin/webfixture', label: { en: 'Fixture' } });
  expect(publicRowPath('webfixture', { id: added.body.id })).toBe(`/fixtures/${added.body.id}`);
});

test('its own route is in the site map, the menu, the breadcrumbs, and sitemap.xml', async () => {
  // Loaded after the registry was extended: the route table is built from it.
  const { siteRoutes, menu, routeTrail, resourceRouteNames } = await import('../lib/public/routes');
  const { routeTree } = await import('../components/site/accessibility/site-map-tree');
  const { buildSitemap } = await import('../lib/public/sitemap');
  const own = { id: 'fixtures', path: '/fixtures', parent: 'info', resource: 'webfixture', label: webfixture.label };
  expect(siteRoutes.at(-1)).toMatchObject(own);
  expect(resourceRouteNames('en')).toEqual({ fixtures: 'Fixture' });
  expect(resourceRouteNames('tw')).toEqual({ fixtures: '測試資源' });
  expect(
    menu()
      .find((entry) => entry.group.id === 'info')!
      .pages.at(-1),
  ).toMatchObject(own);
  expect(routeTrail('fixtures').map((r) => r.id)).toEqual(['home', 'info', 'fixtures']);
  const info = routeTree().children.find((node) => node.route.id === 'info')!;
  expect(info.children.at(-1)!.route.id).toBe('fixtures');
  const urls = buildSitemap(siteRoutes, { tw: [], en: [] }).map((entry) => entry.url);
  expect(urls).toEqual(
    expect.arrayContaining([expect.stringMatching(/\/tw\/fixtures$/), expect.stringMatching(/\/en\/fixtures$/)]),
  );
});

test('a path names its generic list or detail page; dedicated pages and unknown paths name none', async () => {
  const { resourcePageOf, resourceList, resourceItem } = await import('../lib/public/resource-pages');
  expect(resourcePageOf(['fixtures'])).toMatchObject({ definition: webfixture, route: { id: 'fixtures' } });
  expect(resourcePageOf(['fixtures'])!.id).toBeUndefined();
  expect(resourcePageOf(['fixtures', '12'])).toMatchObject({ definition: webfixture, id: '12' });
  for (const path of [['news'], ['news', '1'], ['nothing'], ['fixtures', '1', 'more'], []])
    expect(resourcePageOf(path)).toBeNull();

  const { rows } = await (await import('../lib/content/storage/reads')).readPublicList(webfixture, 'tw');
  expect(rows).toHaveLength(1);
  expect(resourceItem(webfixture, rows[0], 'tw')).toMatchObject({
    title: '測試',
    facts: [{ label: '排名', value: '3' }],
  });
  expect((await resourceList(webfixture, 'tw', {})).items.map((item) => item.title)).toEqual(['測試']);
  expect(await resourceList(webfixture, 'tw', { q: '測' })).toMatchObject({ searchable: true, query: '測', total: 1 });
  expect(await resourceList(webfixture, 'tw', { q: 'absent' })).toMatchObject({ items: [], total: 0 });
  expect((await resourceList(webfixture, 'en', {})).items).toEqual([]);
});

test('a route of its own must not take a page the site already has', async () => {
  const { buildSiteRoutes } = await import('../lib/public/routes');
  const clash = defineResource({ ...webfixture, name: 'webclash', public: { route: 'clash', path: '/news' } });
  expect(() => buildSiteRoutes([clash])).toThrow(/already a page/);
  const deep = defineResource({ ...webfixture, name: 'webdeep', public: { route: 'deep', path: '/a/b' } });
  expect(() => buildSiteRoutes([deep])).toThrow(/one lower-case segment/);
  const orphan = defineResource({ ...webfixture, name: 'weborphan', public: { route: 'orphan', parent: 'nowhere' } });
  expect(() => buildSiteRoutes([orphan])).toThrow(/not a route/);
  const grouped = defineResource({
    ...webfixture,
    name: 'webgrouped',
    menu: 'system',
    public: { route: 'noticeBoard' },
  });
  expect(buildSiteRoutes([grouped]).at(-1)).toMatchObject({ id: 'noticeBoard', path: '/notice-board', parent: 'home' });
});
