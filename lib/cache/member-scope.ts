import { AsyncLocalStorage } from 'node:async_hooks';
import { processSlot } from '../runtime/process-state';

/**
 * A page request of a signed-in Member of the public site (lib/server/member-reads.ts): while it is
 * rendered, the public reads also see rows for members only (`audience`, lib/content/model/audience.ts),
 * and what they read is kept apart from visitors' reads. One store per process
 * (lib/runtime/process-state.ts): the request stage and the application's bundles are loaded apart.
 */
declare module '../runtime/process-state' {
  interface ProcessSlots {
    memberScope: AsyncLocalStorage<true>;
  }
}

const store = processSlot('memberScope', () => new AsyncLocalStorage<true>());

/** Whether this request is a signed-in Member's, who may read rows for members only. */
export const readsAsMember = (): boolean => store.getStore() === true;

export const withMemberReads = <T>(run: () => T): T => store.run(true, run);
