import { createHttp, type ApiHttp } from '../../../lib/client/http';
import type { ClientSettings } from '../../../lib/client/settings';
import { MemoryStorage } from './memory-storage';
import {
  boundaryOf,
  buildMultipart,
  newBoundary,
  parseMultipart,
  parseRequest,
  serializeResponse,
} from '../../../lib/http/multipart';

export { MemoryStorage };

export const ORIGIN = 'https://gonghui.test';

/** A request as the fake server saw it. */
export interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type Handler = (request: Seen) => Response | Promise<Response>;

/** The default server: echoes what it got as JSON. */
export const echo: Handler = (request) =>
  Response.json({ method: request.method, url: request.url, body: request.body });

async function seen(request: Request): Promise<Seen> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name] = value));
  return { method: request.method, url: request.url, headers, body: await request.text() };
}

/**
 * A fake server that answers `/api/batch` as the real one does (same codec): each part goes to
 * `handler` with the outer Authorization and Web-Language, as `Seen`.
 */
export function fakeServer(handler: Handler = echo) {
  const requests: Seen[] = [];
  const parts: Seen[][] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const outer = await seen(request);
    requests.push(outer);
    if (new URL(outer.url).pathname !== '/api/batch') return handler(outer);
    const boundary = boundaryOf(outer.headers['content-type']);
    if (!boundary) return Response.json({ message: 'not multipart' }, { status: 400 });
    const inside = parseMultipart(outer.body, boundary).map((part) => {
      const message = parseRequest(part.body);
      if (!message) throw new Error('bad part');
      return {
        contentId: part.headers['content-id'],
        request: {
          method: message.method,
          url: new URL(message.url, outer.url).href,
          headers: message.headers,
          body: message.body,
        } as Seen,
      };
    });
    parts.push(inside.map(({ request: r }) => r));
    const answers = [];
    for (const { contentId, request: r } of inside) {
      const response = await handler({
        ...r,
        headers: {
          ...r.headers,
          authorization: outer.headers.authorization,
          'web-language': outer.headers['web-language'],
        },
      });
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      answers.push({
        headers: {
          'Content-Type': 'application/http; msgtype=response',
          ...(contentId ? { 'Content-ID': contentId } : {}),
        },
        body: serializeResponse({
          status: response.status,
          statusText: response.statusText,
          headers,
          body: await response.text(),
        }),
      });
    }
    const replyBoundary = newBoundary('batchresponse');
    return new Response(buildMultipart(answers, replyBoundary), {
      headers: { 'content-type': `multipart/mixed; boundary=${replyBoundary}` },
    });
  };
  return { fetch, requests, parts };
}

export interface FakeBrowser {
  http: ApiHttp;
  settings: ClientSettings;
  storage: MemoryStorage;
  alerts: string[];
  confirms: string[];
  reloads: number;
  cookie: string;
  /** What confirm() answers. */
  confirmAnswer: boolean;
}

/** A page with every browser dependency stood in for, around the given fetch. */
export function fakeBrowser(
  fetch: (request: Request) => Promise<Response>,
  settings: Partial<ClientSettings> = {},
): FakeBrowser {
  const page: FakeBrowser = {
    settings: { host: '', language: 'tw', batch: true, cache: false, ...settings },
    storage: new MemoryStorage(),
    alerts: [],
    confirms: [],
    reloads: 0,
    cookie: 'other=1; XSRF-TOKEN=xsrf%2Bvalue',
    confirmAnswer: true,
    http: undefined as unknown as ApiHttp,
  };
  page.http = createHttp({
    fetch,
    alert: (message) => page.alerts.push(message),
    confirm: (message) => {
      page.confirms.push(message);
      return page.confirmAnswer;
    },
    reload: () => page.reloads++,
    cookie: () => page.cookie,
    storage: () => page.storage,
    origin: () => ORIGIN,
    settings: () => page.settings,
  });
  return page;
}
