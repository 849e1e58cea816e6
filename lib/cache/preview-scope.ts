import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The draft preview a request was made with (lib/content/auth/preview.ts): while it is rendered, the
 * public reads of that one row see it whatever its visibility and dates, and skip every cache, so
 * the preview is never stored for visitors. Kept on globalThis: the request hook, the application's
 * bundles and the page cache handler are loaded apart, and must share one store.
 */
export interface PreviewGrant {
  resource: string;
  rowId: number;
  language: 'tw' | 'en';
}

const KEY = Symbol.for('gonghui.previewScope');
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<PreviewGrant> | undefined>;
const store = (holder[KEY] ??= new AsyncLocalStorage<PreviewGrant>());

export const previewGrant = (): PreviewGrant | undefined => store.getStore();

export const withPreview = <T>(grant: PreviewGrant, run: () => T): T => store.run(grant, run);

/** Whether this request previews a row of the resource, so its reads must not be cached. */
export const previewsResource = (resource: string): boolean => store.getStore()?.resource === resource;
