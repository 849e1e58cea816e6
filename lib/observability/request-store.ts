import { AsyncLocalStorage } from 'node:async_hooks';

declare global {
  var __gonghuiRequestStore: AsyncLocalStorage<RequestRecord> | undefined;
}

/**
 * What the request log and the metrics learn about a request while it is served: its id, and what
 * only the code deeper down knows (the API route pattern, the signed-in account). The store lives on
 * globalThis because Next.js bundles the server start-up and the route handlers separately.
 */
export interface RequestRecord {
  id: string;
  clientAddress: string;
  /** The route pattern (`/api/webnews/get/:id`), set by whoever matched it. */
  route?: string;
  accountId?: number;
  /**
   * The status a page decided before its first byte but Next.js cannot send: a page rendered on
   * every request streams its frame as soon as it is ready, with a 200, even when a row it shows
   * turns out to be one visitors may not see (components/site/RowPageLayout.tsx).
   */
  pageStatus?: number;
}

const holder = globalThis;
export const requestStore: AsyncLocalStorage<RequestRecord> = (holder.__gonghuiRequestStore ??=
  new AsyncLocalStorage<RequestRecord>());

export function currentRequest(): RequestRecord | undefined {
  return requestStore.getStore();
}

/** Notes the route pattern and the signed-in account of the request being served, if any. */
export function noteRequest(details: { route?: string; accountId?: number | null }): void {
  const record = requestStore.getStore();
  if (!record) return;
  if (details.route) record.route = details.route;
  if (details.accountId != null) record.accountId = details.accountId;
}

/** Answers the request being served with `status` instead of Next.js's 200 (a streamed page's 404). */
export function notePageStatus(status: number): void {
  const record = requestStore.getStore();
  if (record) record.pageStatus = status;
}
