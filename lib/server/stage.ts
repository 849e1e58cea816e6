import type http from 'node:http';

/**
 * One request on its way through the server (server.ts): the Node request and response, and what
 * the stages before learnt or decided about it, as data, for the stages after. No stage runs code
 * for another: the response stage applies the decisions (lib/server/final-head.ts, in its order),
 * and a stage that wants the finished answer reads it after `await next()` (`finished`).
 */
export interface Exchange {
  request: http.IncomingMessage;
  response: http.ServerResponse;
  /** The request's path without its query, as sent. */
  path: string;

  // What the answer's head becomes: applied by lib/server/final-head.ts just before the head is sent.

  /**
   * The request's start (ms): a 500 while the database is away, or after an outage that ended since
   * the request began, is answered 503 with Retry-After (lib/server/database-away.ts).
   */
  databaseAwayWatchedFrom?: number;
  /** A public page the cache tier may keep (lib/server/cache-headers.ts). */
  sharedCaching?: SharedCaching;
  /** One visitor's answer, `private, no-store` whatever the page says (a preview, a Member's page, the member area). */
  privateAnswer?: PrivateAnswer;
  /** A public page's failure (lib/server/error-pages.ts). */
  errorPage?: ErrorPage;

  // What the response stage (lib/server/next/response.ts) does with the body.

  /**
   * The answer is read whole after `next()` (`finished`): 'html' holds an HTML page even when its scripts' hashes are
   * known (the stored pages); 'any' holds any answer with a body, whatever its type (the build files).
   */
  holdWhole?: 'html' | 'any';
  /** A public page is sent without Next.js's client runtime unless it is marked hydrated (script-free-pages.ts). */
  withoutClientRuntime?: boolean;
  /**
   * Set by the response stage: the answer held whole, once complete, as sent (status, final headers, uncompressed
   * body); undefined for one not held (streamed, without a body) or whose client went away before it was complete.
   */
  finished?: Promise<FinishedPage | undefined>;
}

export interface SharedCaching {
  /** The cache tier's headers for the page (lib/public/cache-headers.ts): Cache-Control, its surrogate keys. */
  headers: Record<string, string>;
  /** How long the tier may keep it answered 200 (its `s-maxage`); other statuses less, or not at all. */
  pageSeconds: number;
  /** Until when (ms) the page may be kept: the stored pages keep it no longer. */
  until: number;
}

export interface PrivateAnswer {
  /** Kept out of search engines as well (`X-Robots-Tag: noindex`): a draft preview. */
  noindex?: boolean;
  /** The page's surrogate keys removed: a Member's page is no public page's copy. */
  withoutSurrogateKeys?: boolean;
}

export interface ErrorPage {
  /** The 500 page's own address, asked by a visitor: answered 500, whatever was rendered. */
  answer500: boolean;
  /** Never kept by a cache (`no-store`, no surrogate keys): 'always' (the 500 page's own address), or 'if 5xx'. */
  uncached: 'always' | 'if 5xx';
  /**
   * The body that replaces a held answer's when it ends 5xx: the framed 500 page. A function, since a copy is looked
   * up, renewed or waited for only once a page has failed, which is known only when its answer is complete.
   */
  framedPage?: () => Buffer | Promise<Buffer | undefined> | undefined;
}

export interface FinishedPage {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * A step of the pipeline. It answers the request itself, or calls `next` to hand it to the stages
 * after it (and, at the end, to Next.js); the promise `next` returns settles when those have
 * handed the response over (not when it is sent: await `exchange.finished`, or watch the response's `close`).
 */
export type Stage = (exchange: Exchange, next: () => Promise<void>) => Promise<void> | void;
