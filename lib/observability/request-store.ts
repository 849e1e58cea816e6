import { AsyncLocalStorage } from 'node:async_hooks';
import { processSlot } from '../runtime/process-state';

declare module '../runtime/process-state' {
  interface ProcessSlots {
    requestStore: AsyncLocalStorage<RequestRecord>;
  }
}

/**
 * What the request log and the metrics learn about a request while it is served: its id, and what
 * only the code deeper down knows (the API route pattern, the signed-in account). One store per
 * process (lib/runtime/process-state.ts): the server's stages and Next.js's route handlers share it.
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

export const requestStore: AsyncLocalStorage<RequestRecord> = processSlot(
  'requestStore',
  () => new AsyncLocalStorage<RequestRecord>(),
);

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
