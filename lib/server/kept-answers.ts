import type http from 'node:http';

/**
 * What the stages that keep answers and send them again (stored pages, static files) share: which
 * headers belong to the kept answer, and when a request's ETag matches it.
 */

/** Headers that belong to one answer on one connection, or that are set again for each coding. */
const PER_ANSWER_HEADERS = new Set([
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'etag',
  'accept-ranges',
]);

export type KeptHeaders = [string, http.OutgoingHttpHeader][];

/** An answer's headers as kept: without those of one answer, in the order they were set. */
export function keptHeaders(headers: http.OutgoingHttpHeaders): KeptHeaders {
  return Object.entries(headers).filter(
    (entry): entry is [string, http.OutgoingHttpHeader] => entry[1] !== undefined && !PER_ANSWER_HEADERS.has(entry[0]),
  );
}

/** Whether If-None-Match names `etag` (weakly compared, as for GET and HEAD), or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch || !etag) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  const sent = ifNoneMatch.split(',').map(weak);
  return sent.includes('*') || sent.includes(weak(etag));
}
