/**
 * A resource is its definition: a throw-away one, defined here and added to the registry of this
 * process only, gets its table (and a generated migration), its API, its OpenAPI entry, its
 * back-office menu entry and its public links, with no other file touched.
 */
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { defineResource } from '../lib/content/define';
import { field } from '../lib/content/fields';
import { allResources, extendRegistry, findResource } from '../lib/content/registry';
import type { RowOf } from '../lib/content/rows';
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
  public: { route: 'news', pageSize: 5 },
});

// Row types follow the definition: this line does not compile if they do not.
const typed: Pick<RowOf<typeof webfixture>, 'title' | 'rank' | 'publishAt' | 'lang'> = { title: 'x', rank: null, publishAt: new Date(), lang: 'tw' };

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
  expect(publicRowPath('webfixture', { id: added.body.id })).toBe(`/news/${added.body.id}`);
});
