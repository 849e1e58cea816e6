import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentEpoch } from '../cache/content-epoch';
import type { WireLanguage } from '../i18n/languages';
import { sitePath } from '../routing/site';
import { logError } from '../observability/logger';
import { ERROR_SHELL_MARK, withoutFrameworkScripts } from './next';
import type { Exchange, Stage } from './stage';

/**
 * The public site's 500 page, in the site's frame and the page's language, in the server's HTML.
 * Next.js answers a page that failed while rendering with its empty error shell (`__next_error__`,
 * no `lang`, no frame), which only the browser's script fills in with app/[locale]/error.tsx; a
 * visitor without script, a crawler or a link checker gets nothing. So the server keeps a copy of
 * its own 500 page per language (`/{lang}/server-error`, app/[locale]/server-error/page.tsx: the
 * frame, what happened, the site search and the ways on), rendered while things work, and sends it
 * in place of the body of any public page answered 5xx. The copy is rendered again in the
 * background when content has changed since (the frame shows the menu and the footer's settings);
 * until then, and whenever that render fails (the database away), the last copy is sent: an old
 * frame beats an empty shell. A 500 is never kept by a cache (`no-store`). The copy goes without
 * Next.js's client runtime, as public pages do (lib/server/next/framework-scripts.ts): it would start the
 * client's router on the 500 page's own address, not the failed page's. The site's own script stays.
 *
 * The development server streams its pages (nothing is held), so it keeps Next.js's own error screen.
 */

const PUBLIC_PAGE = /^\/(tw|en)(?:\/|$)/;
const ERROR_PAGE = /^\/(?:tw|en)\/server-error$/;
const errorPagePath = (language: WireLanguage) => sitePath(language, '/server-error');
/**
 * Sent by this server's own requests for its copies, which are answered 200: a visitor's request
 * for the page is a 500, and the server's renders should not count as failures in the log and the
 * metrics. Random per process, so no client can send it.
 */
const OWN_REQUEST = { name: 'x-error-page-copy', value: randomUUID() };
/** How long a render of the copy may take before the attempt is given up (the last copy stays). */
const RENDER_TIMEOUT_MS = 10_000;
/** How long a failed page waits for the first copy of its language, when there is none yet. */
const FIRST_COPY_WAIT_MS = 3_000;

interface Copy {
  body: Buffer;
  epoch: number;
}

/** Asks this server for its 500 page, as an anonymous visitor without compression would. */
function fetchCopy(origin: URL, language: WireLanguage): Promise<Copy> {
  const epoch = contentEpoch();
  return new Promise((resolve, reject) => {
    const request = http.get(
      new URL(errorPagePath(language), origin),
      {
        headers: { 'accept-encoding': 'identity', accept: 'text/html', [OWN_REQUEST.name]: OWN_REQUEST.value },
        timeout: RENDER_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          // Anything but the page itself (a 503 while starting, Next.js's error shell) is no copy.
          if (response.statusCode !== 200 || !/^text\/html\b/.test(response.headers['content-type'] ?? ''))
            reject(new Error(`the 500 page answered ${response.statusCode}`));
          else if (body.includes(ERROR_SHELL_MARK)) reject(new Error('the 500 page itself failed'));
          else resolve({ body: Buffer.from(withoutFrameworkScripts(body.toString('utf8'))), epoch });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('the 500 page took too long')));
    request.on('error', reject);
  });
}

/** Where a server listening at `address` answers its own requests (every interface: the loopback one). */
export function ownOrigin(address: AddressInfo | string | null): URL | null {
  if (!address || typeof address === 'string') return null;
  const any = address.address === '::' || address.address === '0.0.0.0';
  const host = any ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return new URL(`http://${host}:${address.port}`);
}

/**
 * The stage, given where this server can be reached once it listens (`null` until then). The 500
 * page's own address answers 500 and `no-store`; any other public page that ends in a 5xx gets the
 * copy as its body, and `no-store`, over the cache tier's headers (lib/server/final-head.ts).
 */
export function errorPages(origin: () => URL | null): Stage & { prepare: () => Promise<void> } {
  const copies = new Map<WireLanguage, Copy>();
  const renders = new Map<WireLanguage, Promise<void>>();

  /** Renders the copy of `language` again unless one render is under way; the last copy stays until it succeeds. */
  function renew(at: URL, language: WireLanguage): Promise<void> {
    const running = renders.get(language);
    if (running) return running;
    const render = fetchCopy(at, language)
      .then((copy) => void copies.set(language, copy))
      .catch((error: unknown) => logError(error, 'the 500 page could not be rendered'))
      .finally(() => renders.delete(language));
    renders.set(language, render);
    return render;
  }

  /**
   * The copy to send in place of a failed page's body. A stale one starts its renewal and is sent
   * meanwhile; without any yet (a failure just after the server started), the answer waits for the
   * render under way, a few seconds at most.
   */
  function copyFor(language: WireLanguage): Buffer | Promise<Buffer | undefined> | undefined {
    const copy = copies.get(language);
    const at = origin();
    if (!at || (copy && copy.epoch === contentEpoch())) return copy?.body;
    const render = renew(at, language);
    if (copy) return copy.body;
    const waited = new Promise<void>((resolve) => setTimeout(resolve, FIRST_COPY_WAIT_MS).unref());
    return Promise.race([render, waited]).then(() => copies.get(language)?.body);
  }

  const stage: Stage = (exchange: Exchange, next) => {
    const { request, path } = exchange;
    const language = PUBLIC_PAGE.exec(path)?.[1] as WireLanguage | undefined;
    if (!language || (request.method !== 'GET' && request.method !== 'HEAD')) return next();
    const own = ERROR_PAGE.test(path);
    const copying = own && request.headers[OWN_REQUEST.name] === OWN_REQUEST.value;
    // Neither the tier nor the server's stored pages keep it, the server's own copies included.
    exchange.errorPage = own
      ? { answer500: !copying, uncached: 'always' }
      : { answer500: false, uncached: 'if 5xx', framedPage: () => copyFor(language) };
    return next();
  };
  return Object.assign(stage, {
    /** Renders both copies once the server listens, so the first failure already has one. */
    prepare: async () => {
      const at = origin();
      if (at) await Promise.all((['tw', 'en'] as const).map((language) => renew(at, language)));
    },
  });
}
