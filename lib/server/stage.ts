import type http from 'node:http';

/**
 * One request on its way through the server (server.ts): the Node request and response, and what
 * the stages before learnt about it for the stages after.
 */
export interface Exchange {
  request: http.IncomingMessage;
  response: http.ServerResponse;
  /** The request's path without its query, as sent. */
  path: string;
  /**
   * Run just before the head is sent, in the order added, with the final status: a stage's last
   * word over the headers the application set (the cache tier's headers, a preview's privacy).
   * Applied by the response stage (lib/server/next/response.ts); an answer a stage writes itself
   * does not run them.
   */
  headHooks: ((status: number, response: http.ServerResponse) => void)[];
  /**
   * Hold the answer until complete and give it to the page hooks, whatever its type (an HTML page always is, in
   * production).
   */
  holdWhole?: boolean;
  /** Until when (ms) a public page may be kept, once lib/server/cache-headers.ts has worked it out. */
  keepUntil?: number;
  /**
   * Given each answer held whole (an HTML page, or what `holdWhole` asked for), as sent: status, final headers,
   * uncompressed body.
   */
  pageHooks: ((page: FinishedPage) => void)[];
  /**
   * Given a held answer's final status, the body to send instead, if any, or the promise of it (the
   * site's framed 500 page in place of Next.js's error shell: lib/server/error-pages.ts).
   */
  replaceBody?: (status: number) => Buffer | Promise<Buffer | undefined> | undefined;
  /**
   * Given a held HTML page's body (the one sent, or the one `replaceBody` gave), the body to send
   * in its place: what the page hooks, the CSP's hashes and the client then see.
   */
  rewritePage?: (body: Buffer) => Buffer;
}

export interface FinishedPage {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * A step of the pipeline. It answers the request itself, or calls `next` to hand it to the stages
 * after it (and, at the end, to Next.js); the promise `next` returns settles when those have
 * handed the response over (not when it is sent: watch the response's `close` for that).
 */
export type Stage = (exchange: Exchange, next: () => Promise<void>) => Promise<void> | void;
