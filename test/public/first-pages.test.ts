/** Lists whose first page is cached whole through a twin route (lib/public/first-pages.ts, proxy.ts). */
import fs from 'node:fs';
import path from 'node:path';
import {
  FIRST_PAGE_SEGMENT,
  firstPageLists,
  firstPagePath,
  hasCachedFirstPage,
  isFirstPageTwin,
  withoutFirstPage,
} from '../../lib/public/first-pages';
import { twinListPath } from '../../lib/public/first-page-twin';
import { siteRoutes } from '../../lib/public/routes';

const app = path.join(process.cwd(), 'app', '[locale]');

/** The one twin route of every list, and the list routes it imports (each list's own `page.tsx`). */
const twin = path.join(app, FIRST_PAGE_SEGMENT, '[...list]', 'page.tsx');
const twinLists = () =>
  [...fs.readFileSync(twin, 'utf8').matchAll(/from '\.\.\/\.\.(\/.+)\/page'/g)].map((match) => match[1]);

/** The generic pages of the routes resources declare (lib/public/resource-pages.ts) have one twin for all. */
const GENERIC = '/[route]';
const ownRoutes = new Set(siteRoutes.filter((r) => r.resource !== undefined).map((r) => r.path));
const folderOf = (list: string) => (ownRoutes.has(list) ? GENERIC : list);

test('every listed list has its twin route, and the list itself renders per request', () => {
  expect(firstPageLists.length).toBeGreaterThan(10);
  expect(fs.existsSync(twin)).toBe(true);
  for (const list of new Set([...firstPageLists.map(folderOf), GENERIC])) {
    expect(twinLists()).toContain(list);
    expect(fs.readFileSync(path.join(app, list, 'page.tsx'), 'utf8')).toContain("dynamic = 'force-dynamic'");
  }
});

test('every twin route belongs to a listed list', () => {
  const twins: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const full = path.join(dir, entry.name);
      if (entry.name === FIRST_PAGE_SEGMENT) twins.push(path.relative(app, full).split(path.sep).join('/'));
      else walk(full);
    }
  };
  walk(app);
  expect(twins).toEqual([FIRST_PAGE_SEGMENT]);
  expect(twinLists().sort()).toEqual([...new Set([...firstPageLists.map(folderOf), GENERIC])].sort());
});

test('the twin path reads as the list path, and only listed lists have one', () => {
  expect(hasCachedFirstPage('/news')).toBe(true);
  expect(hasCachedFirstPage('/about/videos')).toBe(true);
  expect(hasCachedFirstPage('/news/12')).toBe(false);
  expect(hasCachedFirstPage('/search')).toBe(false);
  expect(hasCachedFirstPage('')).toBe(false);
  expect(firstPagePath('/news')).toBe('/first-page/news');
  expect(withoutFirstPage('/first-page/news')).toBe('/news');
  expect(withoutFirstPage('/first-page/about/committees')).toBe('/about/committees');
  expect(withoutFirstPage('/news/12')).toBe('/news/12');
  expect(withoutFirstPage('/first-page/search')).toBe('/first-page/search');
  expect(isFirstPageTwin('/first-page/news')).toBe(true);
  expect(isFirstPageTwin('/news')).toBe(false);
  expect(isFirstPageTwin('/first-page/contact')).toBe(false);
  // Client components read any twin path without the list of lists (first-page-twin.ts).
  expect(twinListPath('/first-page/news')).toBe('/news');
  expect(twinListPath('/first-page/search')).toBe('/search');
  expect(twinListPath('/news/12')).toBe('/news/12');
  expect(twinListPath('/first-page')).toBe('/first-page');
});
