import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import type { PrerenderManifest } from 'next/dist/build';
import * as routerHeaders from 'next/dist/client/components/app-router-headers';
import { notFound } from 'next/dist/client/components/not-found';
import { COOKIE_NAME_PRERENDER_BYPASS } from 'next/dist/server/api-utils';
import { parseAndValidateFlightRouterState } from 'next/dist/server/app-render/parse-and-validate-flight-router-state';
import { CacheHandler } from 'next/dist/server/lib/incremental-cache';
import { DraftModeProvider } from 'next/dist/server/async-storage/draft-mode-provider';
import { RequestCookies } from 'next/dist/server/web/spec-extension/cookies';
import { CLIENT_STATIC_FILES_PATH, PRERENDER_MANIFEST } from 'next/dist/shared/lib/constants';
import { NextResponse } from 'next/server';
import {
  ACTION_HEADER,
  BUILD_FILES_PATH,
  CACHE_STATUS_HEADER,
  draftModeCookie,
  DRAFT_MODE_COOKIE,
  ERROR_SHELL_MARK,
  isValidRouterState,
  nodeDate,
  PREFETCH_HEADER,
  ROUTER_HEADERS,
  ROUTER_STATE_HEADER,
  restoreNodeDate,
  RSC_HEADER,
  withoutFrameworkScripts,
} from '../../lib/server/next';

/**
 * What the server assumes of Next.js's internals (lib/server/next/), checked against the installed
 * Next.js itself: its modules, its types and its source. Run this first after upgrading Next.js: a
 * failure names the assumption that no longer holds, where production would answer a 500, serve a
 * Member's page to a visitor or send a page whose scripts its CSP blocks. It imports Next.js's
 * internal modules on purpose, so one that moves fails here, loudly. What only a build shows
 * (Turbopack's bootstrap script, the chunks' tags) is checked on real pages by e2e/public.spec.ts
 * and e2e/content-security.spec.ts.
 */

const nextDist = path.dirname(require.resolve('next/dist/server/next-server'));
const nextSource = (file: string) => fs.readFileSync(path.join(nextDist, file), 'utf8');

describe("the client router's requests", () => {
  test('carry the headers the gate and the stored pages look for', () => {
    expect(RSC_HEADER).toBe(routerHeaders.RSC_HEADER);
    expect(ROUTER_STATE_HEADER).toBe(routerHeaders.NEXT_ROUTER_STATE_TREE_HEADER);
    expect(PREFETCH_HEADER).toBe(routerHeaders.NEXT_ROUTER_PREFETCH_HEADER);
    expect(ACTION_HEADER).toBe(routerHeaders.ACTION_HEADER);
    expect([...ROUTER_HEADERS].sort()).toEqual(
      [
        routerHeaders.RSC_HEADER,
        routerHeaders.NEXT_ROUTER_STATE_TREE_HEADER,
        routerHeaders.NEXT_ROUTER_PREFETCH_HEADER,
        routerHeaders.NEXT_ROUTER_SEGMENT_PREFETCH_HEADER,
        routerHeaders.ACTION_HEADER,
        routerHeaders.NEXT_URL,
      ].sort(),
    );
  });

  test('every header that makes an answer a payload rather than a page is one the stored pages refuse', () => {
    // The hot-reload header is the development server's, which stores no pages.
    const flight = routerHeaders.FLIGHT_HEADERS.filter((name) => name !== routerHeaders.NEXT_HMR_REFRESH_HEADER);
    expect(ROUTER_HEADERS).toEqual(expect.arrayContaining(flight));
  });
});

describe('the router-state header', () => {
  const nextAccepts = (header: string | undefined) => {
    try {
      parseAndValidateFlightRouterState(header);
      return true;
    } catch {
      return false;
    }
  };
  const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  const headers: (string | undefined)[] = [
    undefined,
    '',
    'x',
    '%',
    '%E0%A4%A',
    encode(null),
    encode({}),
    encode([]),
    encode(['']),
    encode(['', {}]),
    encode(['', { children: ['__PAGE__', {}] }]),
    encode(['', { children: ['[locale]', {}] }, null, null, true]),
    encode(['', { children: [['locale', 'tw', 'd', null], {}] }, null, null, true]),
    encode(['', { children: [['locale', 'tw', 'd', ['en']], {}] }]),
    encode(['', { children: [['locale', 'tw', 'd'], {}] }]),
    encode(['', { children: [['locale', 'tw', 'x', null], {}] }]),
    encode(['', { children: [['locale', 'tw', 'ci(..)', null], {}] }]),
    encode(['', { children: ['', {}, ['/tw', '/tw'], 'refetch', 3, 'true'] }]),
    encode(['', {}, ['/tw', '/tw'], 'refetch', 3, 'true']),
    encode(['', {}, ['/tw', '/tw'], 'refetch', 3, 'true', 'extra']),
    encode(['', {}, ['/tw'], null]),
    encode(['', {}, null, 'refresh']),
    encode(['', {}, null, 'inside-shared-layout']),
    encode(['', {}, null, 'metadata-only']),
    encode(['', {}, null, null, '3']),
    encode(['', {}, null, null, null, true]),
    encode(['', { a: 1 }]),
    encode(['', ['', {}]]),
    encode(['', [['', {}]]]),
    encode([1, {}]),
    encode([null, {}]),
    encode(['', null]),
    encode(['', { children: ['', { nested: ['', { deeper: ['x', {}] }] }] }]),
    encode(['', { children: ['', { nested: ['', { deeper: [7, {}] }] }] }]),
    encode(['', {}]).repeat(3000),
  ];

  // The gate must agree on every header: else Next.js answers a 500 to one it let through.
  test.each(headers.map((header) => [header === undefined ? '(none)' : header.slice(0, 80), header]))(
    'is read by the gate as Next.js reads it: %s',
    (_label, header) => {
      expect(isValidRouterState(header)).toBe(nextAccepts(header));
    },
  );

  test('sent twice is refused, as Next.js refuses it', () => {
    expect(isValidRouterState([encode(['', {}]), encode(['', {}])])).toBe(false);
  });
});

describe('draft mode', () => {
  // Typed by Next.js: the build's manifest keeps the draft-mode id where draftModeCookie reads it.
  const preview: PrerenderManifest['preview'] = {
    previewModeId: 'build-id',
    previewModeEncryptionKey: 'encryption-key',
    previewModeSigningKey: 'signing-key',
  };

  /** Runs `check` with a build folder whose prerender manifest holds `preview`. */
  function withBuild(check: (dir: string) => void): void {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'next-contract-'));
    try {
      fs.mkdirSync(path.join(dir, '.next'));
      fs.writeFileSync(path.join(dir, '.next', PRERENDER_MANIFEST), JSON.stringify({ preview }));
      check(dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  /** Whether Next.js renders a request with `cookie` in draft mode (as draftMode().isEnabled reads it). */
  const inDraftMode = (cookie: string) => {
    const headers = new Headers({ cookie });
    const cookies = new RequestCookies(headers) as unknown as ConstructorParameters<typeof DraftModeProvider>[2];
    return new DraftModeProvider(preview, headers, cookies, undefined as never).isEnabled;
  };

  test("is Next.js's cookie with the id of the build's prerender manifest", () => {
    expect(DRAFT_MODE_COOKIE).toBe(COOKIE_NAME_PRERENDER_BYPASS);
    const noBuild = fs.mkdtempSync(path.join(os.tmpdir(), 'next-contract-'));
    expect(draftModeCookie(noBuild)).toBeNull();
    fs.rmSync(noBuild, { recursive: true, force: true });
    withBuild((dir) => expect(draftModeCookie(dir)).toBe(`${COOKIE_NAME_PRERENDER_BYPASS}=${preview.previewModeId}`));
  });

  test("added to a Member's cookies (lib/server/member-reads.ts), puts the request in Next.js's draft mode", () => {
    withBuild((dir) => {
      expect(inDraftMode(`member-session=token; ${draftModeCookie(dir)}`)).toBe(true);
      expect(inDraftMode('member-session=token')).toBe(false);
      expect(inDraftMode(`member-session=token; ${DRAFT_MODE_COOKIE}=another-build`)).toBe(false);
    });
  });
});

describe("Next.js's output", () => {
  test('its build files are served under the path the static-file stage and the script stripping take', () => {
    expect(BUILD_FILES_PATH).toBe(`/_next/${CLIENT_STATIC_FILES_PATH}/`);
  });

  test("the React payload's inline scripts start as the script stripping expects", () => {
    const source = nextSource('app-render/use-flight-response.js');
    const starts = ['(self.__next_f=self.__next_f||[]).push(', 'self.__next_f.push('];
    for (const start of starts) {
      expect(source).toContain(start);
      const page = `<body><main>page</main><script>${start}[1,"x"])</script></body>`;
      expect(withoutFrameworkScripts(page)).toBe('<body><main>page</main></body>');
    }
  });

  test('a page that failed while rendering is the error shell the error-page stage recognises', () => {
    expect(nextSource('app-render/app-render.js')).toContain(`id: '${ERROR_SHELL_MARK}'`);
  });

  test("a page answer carries Next.js's cache status, which a stored copy drops", () => {
    const templates = path.join(nextDist, '..', 'build', 'templates');
    const pageTemplates = fs.readdirSync(templates).filter((file) => /^app-page.*\.js$/.test(file));
    const setting = pageTemplates.filter((file) =>
      fs.readFileSync(path.join(templates, file), 'utf8').includes(`'${CACHE_STATUS_HEADER}'`),
    );
    expect(setting).not.toEqual([]);
  });

  test("a rewrite in the proxy names its target in the header proxy.ts reads from next-intl's answer", () => {
    const target = 'http://localhost/zh-TW/news';
    expect(NextResponse.rewrite(new URL(target)).headers.get('x-middleware-rewrite')).toBe(target);
  });

  test('notFound() throws the digest lib/public/metadata.ts recognises (Next.js exports no test for it)', () => {
    let thrown: unknown;
    try {
      notFound();
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { digest?: string }).digest).toBe('NEXT_HTTP_ERROR_FALLBACK;404');
  });
});

describe("Next.js's Date (lib/server/next/node-date.ts puts Node's back)", () => {
  test('preparing Next.js replaces the global Date, for cacheComponents, which next.config.mjs leaves off', () => {
    expect(nextSource('next-server.js')).toContain('require("./node-environment")');
    expect(nextSource('node-environment.js')).toContain('require("./node-environment-extensions/date")');
    expect(nextSource('node-environment-extensions/date.js')).toContain('Date = createDate(Date)');
    expect(fs.readFileSync(path.join(__dirname, '../../next.config.mjs'), 'utf8')).not.toContain('cacheComponents');
  });

  test("each date Next.js's Date makes has a hidden class of its own, and Node's, put back, shares one", () => {
    v8.setFlagsFromString('--allow-natives-syntax');
    const sameHiddenClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: Date, b: Date) => boolean;
    v8.setFlagsFromString('--no-allow-natives-syntax');
    expect(Date).toBe(nodeDate);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module's effect is the point
    jest.isolateModules(() => require('next/dist/server/node-environment-extensions/date'));
    try {
      expect(Date).not.toBe(nodeDate);
      expect(sameHiddenClass(new Date(1), new Date(2))).toBe(false);
    } finally {
      restoreNodeDate();
    }
    expect(Date).toBe(nodeDate);
    expect(new Date(0).constructor).toBe(nodeDate);
    expect(sameHiddenClass(new Date(1), new Date(2))).toBe(true);
  });
});

describe("Next.js's page cache (lib/server/next/page-cache.cjs)", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, loaded by Next.js by path
  const NextPageCache = require('../../lib/server/next/page-cache.cjs') as new () => Record<
    string,
    (...args: unknown[]) => unknown
  >;

  test("has every method of Next.js's own cache handler", () => {
    const methods = Object.getOwnPropertyNames(CacheHandler.prototype).filter((name) => name !== 'constructor');
    expect(methods.length).toBeGreaterThan(0);
    const ours = new NextPageCache();
    for (const name of methods) expect([name, typeof ours[name]]).toEqual([name, 'function']);
  });

  test('never gives back a page handed to it', async () => {
    const cache = new NextPageCache();
    expect(await cache.get('/zh-TW/news/1')).toBeNull();
    await cache.set(
      '/zh-TW/news/1',
      { kind: 'APP_PAGE', html: '<p>1</p>', status: 200 },
      { cacheControl: { revalidate: 30 } },
    );
    expect(await cache.get('/zh-TW/news/1')).toBeNull();
    // Another instance (Next.js makes one per request) has nothing either.
    expect(await new NextPageCache().get('/zh-TW/news/1')).toBeNull();
    await expect(cache.revalidateTag('any')).resolves.toBeUndefined();
    expect(() => cache.resetRequestCache()).not.toThrow();
  });
});
