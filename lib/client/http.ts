import ky, { HTTPError, type KyInstance, type NormalizedOptions } from 'ky';
import { readCookie } from '../http/cookies';
import { createBatcher } from './batch';
import { convertDates } from './dates';
import { clientMessage } from './messages';
import { clientSettings, type ClientSettings } from './settings';
import { browserStorage, createTokenStore, type TokenStorage, type TokenStore } from './token';

/** The double-submit pair of the server (lib/api/xsrf-cookie.ts). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Everything the layer takes from the browser, so tests can hand in stand-ins. */
interface HttpDeps {
  fetch: (request: Request) => Promise<Response>;
  alert: (message: string) => void;
  confirm: (message: string) => boolean;
  reload: () => void;
  /** `document.cookie`. */
  cookie: () => string;
  storage: () => TokenStorage | null;
  /** The page's origin: relative URLs mean this one. */
  origin: () => string;
  settings: () => ClientSettings;
}

/** The ky instance plus what the resource and sign-in calls need from the same page. */
export interface ApiHttp extends KyInstance {
  readonly deps: HttpDeps;
  readonly tokens: TokenStore;
  /** `/api/…` as an absolute URL of the page (ky cannot take a relative URL outside a browser). */
  url(path: string): string;
  /** Forgets the cached GET and POST results. */
  clearCache(): void;
}

/** What a failed call rejects with: the status and the parsed body (`{message}` for 400s). */
export class ApiRequestError extends HTTPError {
  status: number;
  body: unknown;

  constructor(response: Response, request: Request, options: NormalizedOptions, body: unknown) {
    super(response, request, options);
    this.name = 'ApiRequestError';
    this.status = response.status;
    this.body = body;
  }
}

type Global = {
  alert?: (message: string) => void;
  confirm?: (message: string) => boolean;
  location?: { origin: string; reload(): void };
  document?: { cookie: string };
};
const browser: Global = globalThis;

/** The real browser, looked up at call time so the module can load during server rendering. */
const browserDeps: HttpDeps = {
  fetch: (request) => globalThis.fetch(request),
  alert: (message) => browser.alert?.(message),
  confirm: (message) => browser.confirm?.(message) ?? false,
  reload: () => browser.location?.reload(),
  cookie: () => browser.document?.cookie ?? '',
  storage: browserStorage,
  origin: () => browser.location?.origin ?? 'http://localhost',
  settings: clientSettings,
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

/** The response cache: optional, off by default; keyed by everything that changes the answer. */
function createResponseCache() {
  const entries = new Map<string, { body: ArrayBuffer; init: ResponseInit }>();
  return {
    async key(request: Request): Promise<string> {
      const body = hasBody(request.method) ? await request.clone().text() : '';
      const h = request.headers;
      return [request.method, request.url, h.get('web-language'), h.get('web-role'), h.get('authorization'), body].join(
        '\n',
      );
    },
    get(key: string): Response | undefined {
      const entry = entries.get(key);
      return entry && new Response(entry.body.slice(0), entry.init);
    },
    async set(key: string, response: Response) {
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      entries.set(key, {
        body: await response.clone().arrayBuffer(),
        init: { status: response.status, statusText: response.statusText, headers },
      });
    },
    clear: () => entries.clear(),
  };
}

/**
 * Builds the API layer's ky instance (docs/client.md). Every request gets JSON UTF-8,
 * `Web-Language`, `Web-Role` when set, the bearer token when one is stored, the host prefix, and
 * `X-XSRF-TOKEN` when it changes something on our own site; JSON bodies have their dates converted;
 * requests issued together are batched; a 401 alerts and reloads, a 400 alerts its message, and every
 * failed call rejects with an ApiRequestError.
 */
export function createHttp(overrides: Partial<HttpDeps> = {}): ApiHttp {
  const deps: HttpDeps = { ...browserDeps, ...overrides };
  const tokens = createTokenStore(() => deps.storage());
  const cache = createResponseCache();
  const pageOrigin = () => new URL(deps.origin()).origin;
  const language = () => deps.settings().language;
  const xsrfFor = (url: URL) => (url.origin === pageOrigin() ? readCookie(deps.cookie(), XSRF_COOKIE) : null);
  // One sign-in alert however many requests of the page fail at once.
  let reloading = false;
  const signInAgain = () => {
    if (reloading) return;
    reloading = true;
    deps.alert(clientMessage(language(), 'signInAgain'));
    deps.reload();
  };

  const batched = createBatcher({
    send: (request) => deps.fetch(request),
    enabled: () => deps.settings().batch,
    xsrfFor,
    notMultipart: (status) => new Error(clientMessage(language(), 'batchNotMultipart', { status })),
    partMissing: (index) => new Error(clientMessage(language(), 'batchPartMissing', { index })),
  });

  const instance = ky.create({
    retry: 0,
    timeout: 30_000,
    fetch: (input) => batched(input instanceof Request ? input : new Request(input)),
    stringifyJson: (data) => JSON.stringify(convertDates(data)),
    hooks: {
      beforeRequest: [
        async (request) => {
          const settings = deps.settings();
          const headers = request.headers;
          const type = headers.get('content-type');
          // Uploads keep their multipart type (with its boundary); everything else is JSON.
          if (!type || /^application\/json\b/i.test(type))
            headers.set('content-type', 'application/json; charset=utf-8');
          headers.set('web-language', settings.language);
          if (settings.webRole) headers.set('web-role', settings.webRole);
          const token = tokens.get();
          if (token) headers.set('authorization', `Bearer ${token}`);
          else if (settings.signedIn) {
            signInAgain();
            return new Response(JSON.stringify({ message: clientMessage(language(), 'signInAgain') }), {
              status: 401,
              headers: { 'content-type': 'application/json; charset=utf-8' },
            });
          }

          // A URL of the page's own origin is what the caller wrote as a relative one.
          const original = new URL(request.url);
          const relative = original.origin === pageOrigin();
          const url =
            relative && settings.host
              ? new URL(settings.host + (original.pathname + original.search).slice(1), pageOrigin())
              : original;
          const xsrf = hasBody(request.method) ? xsrfFor(url) : null;
          if (xsrf) headers.set(XSRF_HEADER, xsrf);

          let next = request;
          if (url.href !== original.href) {
            const body = hasBody(request.method) ? await request.clone().arrayBuffer() : undefined;
            next = new Request(url, {
              method: request.method,
              headers,
              body: body && body.byteLength > 0 ? body : undefined,
              signal: request.signal,
              credentials: request.credentials,
              redirect: request.redirect,
            });
          }
          if (settings.cache && (next.method === 'GET' || next.method === 'POST')) {
            const hit = cache.get(await cache.key(next));
            if (hit) return hit;
          }
          return next === request ? undefined : next;
        },
      ],
      afterResponse: [
        async (request, _options, response) => {
          if (response.status === 401) {
            // After a sign-out (`signedIn: false`), the calls it overtook are refused: no sign-in was lost.
            if (deps.settings().signedIn !== false) signInAgain();
          } else if (response.status === 400) {
            const body = await readBody(response);
            const message = body && typeof body === 'object' && 'message' in body ? body.message : undefined;
            if (typeof message === 'string' && message) deps.alert(message);
          }
          if (!response.ok) return;
          if (request.method === 'GET' || request.method === 'POST') {
            if (deps.settings().cache) await cache.set(await cache.key(request), response);
          } else {
            cache.clear(); // a write may change any cached answer
          }
        },
      ],
      beforeError: [
        async (error) =>
          new ApiRequestError(error.response, error.request, error.options, await readBody(error.response)),
      ],
    },
  });

  return Object.assign(instance, {
    deps,
    tokens,
    url: (path: string) => new URL(path, pageOrigin()).href,
    clearCache: () => cache.clear(),
  });
}

/** The page's API layer. */
export const http: ApiHttp = createHttp();
