import { STATUS_CODES } from 'node:http';
import {
  boundaryOf,
  buildMultipart,
  newBoundary,
  parseMultipart,
  parseRequest,
  serializeResponse,
  type HttpRequestMessage,
} from '../../http/multipart';
import { PEER_ADDRESS_HEADER } from '../../http/client-address';
import { recordAudit } from '../../content/storage/audit';
import type { RequestContext } from '../context';
import { ApiError, badRequest } from '../errors';
import { readBody, type ApiRequest } from '../http';
import { apiSegments } from '../routes';

export const MAX_BATCH_PARTS = 100;
const MAX_BATCH_BYTES = 10 * 1024 * 1024;

/** Headers a part inherits from the outer request: who is asking, in which language. */
const inherited = [
  'authorization',
  'web-language',
  'web-role',
  'cookie',
  'x-forwarded-for',
  'x-forwarded-proto',
  PEER_ADDRESS_HEADER,
];

type Dispatch = (request: ApiRequest, options: { inBatch: true }) => Promise<Response>;

function partRequest(outer: ApiRequest, message: HttpRequestMessage): Request {
  const url = new URL(message.url, outer.url);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (!['host', 'content-length', 'transfer-encoding'].includes(name)) headers.set(name, value);
  }
  for (const name of inherited) {
    const value = outer.headers.get(name);
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  const hasBody = !['GET', 'HEAD'].includes(message.method) && message.body !== '';
  return new Request(url, { method: message.method, headers, body: hasBody ? message.body : undefined });
}

/**
 * `POST /api/batch`: runs each application/http part, in order, through the same dispatcher as a
 * direct call, and answers multipart/mixed with one response part each. A failing part fails alone.
 */
export async function batch(context: RequestContext, dispatch: Dispatch) {
  const boundary = boundaryOf(context.request.headers.get('content-type'));
  if (!boundary) throw badRequest('batchContentType');
  const text = new TextDecoder().decode(await readBody(context.request, MAX_BATCH_BYTES));
  const parts = parseMultipart(text, boundary);
  if (parts.length > MAX_BATCH_PARTS) throw badRequest('batchTooManyParts', { max: MAX_BATCH_PARTS });
  const messages = parts.map((part, index) => {
    const message = parseRequest(part.body);
    if (!message) throw badRequest('batchBadPart', { index: index + 1 });
    const url = new URL(message.url, context.request.url);
    if (!url.pathname.startsWith('/api/')) throw badRequest('batchBadPart', { index: index + 1 });
    // Compared as the router will match it, so `/api/Batch` or `/api//batch` is a batch too.
    const segments = apiSegments(url);
    if (segments.length === 1 && segments[0].toLowerCase() === 'batch') throw badRequest('batchNested');
    return { message, contentId: part.headers['content-id'] };
  });

  const responses = [];
  for (const { message, contentId } of messages) {
    const response = await dispatch(partRequest(context.request, message), { inBatch: true });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers[name] = value;
    });
    responses.push({
      headers: {
        'Content-Type': 'application/http; msgtype=response',
        ...(contentId ? { 'Content-ID': contentId } : {}),
      },
      body: serializeResponse({
        status: response.status,
        statusText: response.statusText || STATUS_CODES[response.status] || '',
        headers,
        body: await response.text(),
      }),
    });
  }
  const writes = messages.filter(({ message }) => !['GET', 'HEAD'].includes(message.method.toUpperCase()));
  // Reads are batched all the time by the back office; a batch is worth a line only when it writes
  // (each write part also has its own line).
  if (writes.length) {
    const calls = writes.map(
      ({ message }) =>
        `${message.method.toUpperCase()} ${new URL(message.url, context.request.url).pathname.replace(/^\/api\//, '')}`,
    );
    await recordAudit(context.actor, { action: 'batch', summary: `${messages.length}: ${calls.join(', ')}` });
  }
  const responseBoundary = newBoundary('batchresponse');
  return new Response(buildMultipart(responses, responseBoundary), {
    status: 200,
    headers: { 'content-type': `multipart/mixed; boundary=${responseBoundary}`, 'cache-control': 'no-store' },
  });
}

export { ApiError };
