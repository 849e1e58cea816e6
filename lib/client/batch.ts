import {
  boundaryOf,
  buildMultipart,
  newBoundary,
  parseMultipart,
  parseResponse,
  serializeRequest,
  type HttpResponseMessage,
} from '../http/multipart';

/** The server's limit on parts per batch (`MAX_BATCH_PARTS` in lib/api/handlers/batch.ts). */
export const MAX_BATCH_PARTS = 100;

/** Headers the server copies from the outer batch request into every part (docs/api.md, Batch). */
const OUTER_HEADERS = ['authorization', 'web-language', 'web-role'] as const;
/** Secrets the outer request carries once, so the parts need not repeat them. */
const NOT_IN_PARTS = new Set(['authorization', 'x-xsrf-token', 'cookie', 'content-length']);

interface BatcherOptions {
  /** Sends one real request (a lone one, or the batch itself). */
  send: (request: Request) => Promise<Response>;
  /** Whether grouping is on right now (settings.batch). */
  enabled: () => boolean;
  /** The X-XSRF-TOKEN value for the outer POST to this URL, or null (not same-site, no cookie). */
  xsrfFor: (url: URL) => string | null;
  /** The error every caller of a batch gets when the reply is not multipart/mixed. */
  notMultipart: (status: number) => Error;
  /** The error a caller gets when the reply has no part for its request. */
  partMissing: (index: number) => Error;
  maxParts?: number;
  /** How long to wait for more requests; 0 = what is issued before the next macrotask. */
  windowMs?: number;
}

interface Pending {
  request: Request;
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** `/api/batch` beside the request's own `/api/` (so a host prefix applies to it as well), or null. */
function batchUrlFor(url: URL): URL | null {
  const at = url.pathname.indexOf('/api/');
  if (at < 0) return null;
  const rest = url.pathname
    .slice(at + '/api/'.length)
    .toLowerCase()
    .replace(/\/+$/, '');
  if (rest === 'batch') return null; // never a batch inside a batch
  return new URL(`${url.pathname.slice(0, at)}/api/batch`, url.origin);
}

/**
 * JSON or text bodies only: the multipart codec is text, and multipart requests are never grouped.
 * Nor are exports, whose answers are files (XLSX is binary).
 */
function isBatchable(request: Request): boolean {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/')) return false;
  if (/\/export(\/|$)/i.test(new URL(request.url).pathname)) return false;
  return type === '' || type.startsWith('application/json') || type.startsWith('text/');
}

function toResponse(message: HttpResponseMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (name !== 'content-length') headers.set(name, value);
  }
  const body = NULL_BODY_STATUSES.has(message.status) ? null : message.body;
  return new Response(body, { status: message.status, statusText: message.statusText, headers });
}

/**
 * A `fetch` that groups the requests issued together into one `POST /api/batch` (docs/client.md, Batching): one
 * request goes alone, two or more become the parts of a multipart/mixed batch (at most
 * `maxParts` each), and each caller gets the response of its own part. Requests only share a batch
 * when they go to the same server with the same Authorization, Web-Language and Web-Role, because
 * the server runs every part with the outer request's values of those.
 */
export function createBatcher(options: BatcherOptions): (request: Request) => Promise<Response> {
  const maxParts = options.maxParts ?? MAX_BATCH_PARTS;
  const groups = new Map<string, { url: URL; pending: Pending[] }>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function sendBatch(url: URL, pending: Pending[]): Promise<void> {
    const first = pending[0].request;
    const bodies = await Promise.all(pending.map(({ request }) => request.text()));
    const boundary = newBoundary('batch');
    const parts = pending.map(({ request }, i) => {
      const target = new URL(request.url);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        if (!NOT_IN_PARTS.has(name) && !OUTER_HEADERS.some((outer) => outer === name)) headers[name] = value;
      });
      return {
        headers: { 'Content-Type': 'application/http; msgtype=request', 'Content-ID': `<${i + 1}>` },
        body: serializeRequest({
          method: request.method,
          url: target.pathname + target.search,
          headers,
          body: bodies[i],
        }),
      };
    });
    const headers = new Headers({ 'content-type': `multipart/mixed; boundary=${boundary}`, accept: 'multipart/mixed' });
    for (const name of OUTER_HEADERS) {
      const value = first.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const xsrf = options.xsrfFor(url);
    if (xsrf) headers.set('x-xsrf-token', xsrf);
    const reply = await options.send(
      new Request(url, {
        method: 'POST',
        headers,
        body: buildMultipart(parts, boundary),
        credentials: first.credentials,
      }),
    );
    const replyBoundary = boundaryOf(reply.headers.get('content-type'));
    if (!replyBoundary) {
      for (const p of pending) p.reject(options.notMultipart(reply.status));
      return;
    }
    const answers = parseMultipart(await reply.text(), replyBoundary);
    // Parts come back in order; the Content-ID says so as well, so trust it when present.
    const byId = new Map(answers.map((part, i) => [part.headers['content-id'] ?? `<${i + 1}>`, part]));
    pending.forEach((p, i) => {
      const part = byId.get(`<${i + 1}>`);
      const message = part ? parseResponse(part.body) : null;
      if (message) p.resolve(toResponse(message));
      else p.reject(options.partMissing(i + 1));
    });
  }

  function flush(): void {
    timer = undefined;
    const ready = [...groups.values()];
    groups.clear();
    for (const { url, pending: all } of ready) {
      const live = all.filter((p) => {
        if (!p.request.signal.aborted) return true;
        p.reject(p.request.signal.reason);
        return false;
      });
      for (let start = 0; start < live.length; start += maxParts) {
        const chunk = live.slice(start, start + maxParts);
        if (chunk.length === 1) {
          options.send(chunk[0].request).then(chunk[0].resolve, chunk[0].reject);
        } else {
          sendBatch(url, chunk).catch((error: unknown) => {
            for (const p of chunk) p.reject(error);
          });
        }
      }
    }
  }

  return (request) => {
    const url = batchUrlFor(new URL(request.url));
    if (!options.enabled() || !url || !isBatchable(request)) return options.send(request);
    const key = [url.href, ...OUTER_HEADERS.map((name) => request.headers.get(name) ?? '')].join('\n');
    return new Promise<Response>((resolve, reject) => {
      const group = groups.get(key) ?? { url, pending: [] };
      group.pending.push({ request, resolve, reject });
      groups.set(key, group);
      timer ??= setTimeout(flush, options.windowMs ?? 0);
    });
  };
}
