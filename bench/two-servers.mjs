// What e2e/resilience.spec.ts and bench/rolling.mjs share: two app servers behind Varnish, and
// the pages a rolling restart is watched through.

/**
 * deploy/varnish/default.vcl (its text) with app1 on `portA` and a second backend, app2 on
 * `portB`, probed the same way and in the same director.
 */
export function twoBackendVcl(vcl, portA, portB) {
  const two = vcl
    .replace('.port = "3000";', `.port = "${portA}";`)
    .replace(
      /(backend app1 \{[^}]*\.probe = ready;\s*\})/,
      `$1\n\nbackend app2 {\n    .host = "127.0.0.1";\n    .port = "${portB}";\n    .probe = ready;\n}`,
    )
    .replace('apps.add_backend(app1);', 'apps.add_backend(app1);\n    apps.add_backend(app2);');
  if (!two.includes(`.port = "${portB}"`)) throw new Error('deploy/varnish/default.vcl changed: app2 not added');
  return two;
}

/**
 * The paths visitors load during the restart: pages, a feed, the sitemap, news items (`enIds`),
 * and API reads (`twIds`: the API's language is Web-Language's, Chinese without it).
 */
export function restartPaths(enIds, twIds) {
  return [
    '/tw',
    '/en',
    '/en/news',
    '/en/about',
    '/en/laws',
    '/feeds/en/news.xml',
    '/sitemap.xml',
    ...enIds.map((id) => `/en/news/${id}`),
    ...twIds.map((id) => `/api/webnews/get/${id}`),
  ];
}
