import type { HeaderReader } from '../http/request-headers';
import { ApiError, badRequest, formatBytes } from './errors';

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/**
 * What the API reads of a request: a fetch `Request` is one; the server's API stage makes a lighter
 * one from Node's request (lib/server/api.ts): a fetch `Request` with its `Headers` and
 * `AbortSignal` costs about 10 µs a call and brings the collector's full collections on about
 * twice as often (docs/performance.md).
 */
export interface ApiRequest {
  readonly method: string;
  /** Absolute: the path and query as sent. */
  readonly url: string;
  readonly headers: HeaderReader;
  readonly body: ReadableStream<Uint8Array> | null;
}

/**
 * The bytes of bodies already whole: a request's the server read before dispatching it, and a JSON
 * answer's. A JSON answer of `json` carries its bytes only here (its `body` is null) until
 * `withWholeBody` gives it a stream: the server's stage sends them as they are, sparing the fetch
 * streams around them (lib/server/api.ts).
 */
const wholeBodies = new WeakMap<ApiRequest | Response, Buffer>();

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonBytes(Buffer.from(JSON.stringify(data)), status, headers);
}

/** An operation's result as the API answers it: a Response as it is (an export's file), anything else as JSON. */
export const answerOf = (result: unknown): Response => (result instanceof Response ? result : json(result));

/** A JSON answer whose bytes are made already (a kept one: lib/api/staff-answers.ts). */
export function jsonBytes(body: Buffer, status = 200, headers: Record<string, string> = {}): Response {
  const response = new Response(null, { status, headers: { ...jsonHeaders, ...headers } });
  wholeBodies.set(response, body);
  return response;
}

/** A request whose body the server has read whole (`readBody` returns it without a stream). */
export function requestWithBody(request: Omit<ApiRequest, 'body'>, body: Buffer): ApiRequest {
  const whole = { ...request, body: null };
  wholeBodies.set(whole, body);
  return whole;
}

/** The bytes of a JSON answer made by `json`, which are not in its `body`. */
export function wholeAnswerBody(response: Response): Buffer | undefined {
  return wholeBodies.get(response);
}

/** The answer with its bytes in its `body`, for whoever reads it as a fetch Response. */
export function withWholeBody(response: Response): Response {
  const body = wholeBodies.get(response);
  if (!body) return response;
  const nullBody = response.status === 204 || response.status === 304;
  return new Response(nullBody ? null : (body as Buffer<ArrayBuffer>), {
    status: response.status,
    headers: response.headers,
  });
}

/** Reads a request body up to `limit` bytes; a larger body is refused with 413 before it is buffered. */
export async function readBody(request: ApiRequest, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > limit) throw new ApiError(413, 'bodyTooLarge', { limit: formatBytes(limit) });
  const whole = wholeBodies.get(request);
  if (whole) {
    if (whole.length > limit) throw new ApiError(413, 'bodyTooLarge', { limit: formatBytes(limit) });
    // Read once, as a stream is.
    wholeBodies.delete(request);
    return new Uint8Array(whole.buffer as ArrayBuffer, whole.byteOffset, whole.length);
  }
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new ApiError(413, 'bodyTooLarge', { limit: formatBytes(limit) });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Room for the multipart envelope around a file at the size limit. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * A multipart/form-data body whose file may be up to `limit` bytes (`tooLarge` is thrown past it),
 * or null when the body is not multipart or cannot be read as such.
 */
export async function readFormData(
  request: ApiRequest,
  limit: number,
  tooLarge: () => Error,
): Promise<FormData | null> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) return null;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBody(request, limit + ENVELOPE_BYTES);
  } catch (error) {
    if (error instanceof ApiError && error.status === 413) throw tooLarge();
    throw error;
  }
  try {
    return await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return null;
  }
}

/** JSON bodies are small; rich text is the largest thing they carry. */
const JSON_BODY_LIMIT = 2 * 1024 * 1024;

/** Parses a JSON object body. An empty body counts as `{}` (changeorder and the like send none). */
/** A JSON object: what every JSON body of the API must be (not an array, a string or null). */
const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export async function readJsonObject(request: ApiRequest): Promise<Record<string, unknown>> {
  const bytes = await readBody(request, JSON_BODY_LIMIT);
  const text = Buffer.from(bytes).toString('utf8').trim();
  if (!text) return {};
  let parsed: unknown;
  try {
    // PostgreSQL text cannot hold U+0000, so it is dropped here rather than failing a query later.
    parsed = JSON.parse(text, (_, value) => (typeof value === 'string' ? value.replaceAll('\u0000', '') : value));
  } catch {
    throw badRequest('badJson');
  }
  if (!isJsonObject(parsed)) throw badRequest('bodyNotObject');
  return parsed;
}
