import path from 'node:path';
import { appRoutePatterns, matchRoutePattern } from '../../lib/server/route-patterns';
import { routePattern } from '../../lib/server/request-log';

/** The route labels of the request log and the metrics, from the app's own folders. */
const routes = appRoutePatterns(path.join(process.cwd(), 'app'));

test.each([
  ['/tw', '/[locale]'],
  ['/en/news/12', '/[locale]/news/[id]'],
  ['/tw/special/3/9', '/[locale]/special/[groupId]/[itemId]'],
  ['/api/webnews/getlist', '/api/[...path]'],
  ['/uploads/5/a.pdf', '/uploads/[id]/[name]'],
  ['/healthz', '/healthz'],
])('%s reaches %s', (pathname, pattern) => {
  expect(matchRoutePattern(pathname, routes)).toBe(pattern);
});

test('a fixed name wins over a parameter, and a parameter over a catch-all', () => {
  const patterns = [
    ['[a]', '[...rest]'],
    ['[a]', '[b]'],
    ['[a]', 'fixed'],
  ];
  expect(matchRoutePattern('/x/fixed', patterns)).toBe('/[a]/fixed');
  expect(matchRoutePattern('/x/other', patterns)).toBe('/[a]/[b]');
  expect(matchRoutePattern('/x/other/more', patterns)).toBe('/[a]/[...rest]');
  expect(matchRoutePattern('/x', patterns)).toBeNull();
});

test('labels: the API’s own pattern first, then fixed names for redirects, not-found and Next’s files, then the route', () => {
  const record = { id: 'r', clientAddress: '127.0.0.1' };
  expect(routePattern('/api/x', { ...record, route: '/api/webnews/get/:id' }, 200, routes)).toBe(
    '/api/webnews/get/:id',
  );
  expect(routePattern('/_next/static/chunks/a.js', record, 200, routes)).toBe('/_next/*');
  expect(routePattern('/somewhere', record, 307, routes)).toBe('(redirect)');
  expect(routePattern('/tw/news/999999', record, 404, routes)).toBe('(not found)');
  expect(routePattern('/tw/news', record, 200, routes)).toMatch(/^\/\[locale\]\/news/);
  // The back office through the proxy's rewrite to its internal tree.
  expect(routePattern('/tw-admin/webnews', record, 200, routes)).toBe('/admin/[lang]/office/[[...path]]');
  expect(routePattern('/tw-login', record, 200, routes)).toBe('/admin/[lang]/login');
  expect(routePattern('/odd', record, 500, [])).toBe('(other)');
  // A path the gate refused because it does not decode.
  expect(routePattern('/tw-admin/%E0%A4%A', record, 400, routes)).toBe('(other)');
});
