/** Lists whose first page is cached whole through a twin route (lib/public/first-pages.ts, proxy.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { FIRST_PAGE_SEGMENT, firstPageLists, hasCachedFirstPage, isFirstPageTwin, withoutFirstPage } from '../../lib/public/first-pages';
import { siteRoutes } from '../../lib/public/routes';

const app = path.join(process.cwd(), 'app', '[locale]');

/** The generic pages of the routes resources declare (lib/public/resource-pages.ts) have one twin for all. */
const GENERIC = '/[route]';
const ownRoutes = new Set(siteRoutes.filter((r) => r.resource !== undefined).map((r) => r.path));
const folderOf = (list: string) => (ownRoutes.has(list) ? GENERIC : list);

test('every listed list has its twin route, and the list itself renders per request', () => {
  expect(firstPageLists.length).toBeGreaterThan(10);
  for (const list of new Set([...firstPageLists.map(folderOf), GENERIC])) {
    const twin = path.join(app, list, FIRST_PAGE_SEGMENT, 'page.tsx');
    expect(fs.existsSync(twin)).toBe(true);
    expect(fs.readFileSync(twin, 'utf8')).toContain("from '../page'");
    expect(fs.readFileSync(path.join(app, list, 'page.tsx'), 'utf8')).toContain("dynamic = 'force-dynamic'");
  }
});

test('every twin route belongs to a listed list', () => {
  const twins: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const full = path.join(dir, entry.name);
      if (entry.name === FIRST_PAGE_SEGMENT) twins.push(path.relative(app, dir).split(path.sep).join('/'));
      else walk(full);
    }
  };
  walk(app);
  expect(twins.map((twin) => `/${twin}`).sort()).toEqual([...new Set([...firstPageLists.map(folderOf), GENERIC])].sort());
});

test('the twin path reads as the list path, and only listed lists have one', () => {
  expect(hasCachedFirstPage('/news')).toBe(true);
  expect(hasCachedFirstPage('/about/videos')).toBe(true);
  expect(hasCachedFirstPage('/news/12')).toBe(false);
  expect(hasCachedFirstPage('/search')).toBe(false);
  expect(hasCachedFirstPage('')).toBe(false);
  expect(withoutFirstPage('/news/first-page')).toBe('/news');
  expect(withoutFirstPage('/about/committees/first-page')).toBe('/about/committees');
  expect(withoutFirstPage('/news/12')).toBe('/news/12');
  expect(withoutFirstPage('/search/first-page')).toBe('/search/first-page');
  expect(isFirstPageTwin('/news/first-page')).toBe(true);
  expect(isFirstPageTwin('/news')).toBe(false);
  expect(isFirstPageTwin('/contact/first-page')).toBe(false);
});
