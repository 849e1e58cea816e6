import { AsyncLocalStorage } from 'node:async_hooks';
import { processSlot } from '../runtime/process-state';

/**
 * The draft preview a request was made with (lib/content/auth/preview.ts): while it is rendered, the
 * public reads of that one row see it whatever its visibility and dates, and skip every cache, so
 * the preview is never stored for visitors. One store per process (lib/runtime/process-state.ts):
 * the request stage and the application's bundles are loaded apart, and must share it.
 */
export interface PreviewGrant {
  resource: string;
  rowId: number;
  language: 'tw' | 'en';
}

declare module '../runtime/process-state' {
  interface ProcessSlots {
    previewScope: AsyncLocalStorage<PreviewGrant>;
  }
}

const store = processSlot('previewScope', () => new AsyncLocalStorage<PreviewGrant>());

export const previewGrant = (): PreviewGrant | undefined => store.getStore();

export const withPreview = <T>(grant: PreviewGrant, run: () => T): T => store.run(grant, run);

/** Whether this request previews a row of the resource, so its reads must not be cached. */
export const previewsResource = (resource: string): boolean => store.getStore()?.resource === resource;
