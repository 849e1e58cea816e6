import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A page request of a signed-in Member of the public site (lib/server/member-reads.ts): while it is
 * rendered, the public reads also see rows for members only (`audience`, lib/content/model/audience.ts),
 * and what they read is kept apart from visitors' reads. Kept on globalThis: the request stage and
 * the application's bundles are loaded apart, and must share one store.
 */
const KEY = Symbol.for('gonghui.memberScope');
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<true> | undefined>;
const store = (holder[KEY] ??= new AsyncLocalStorage<true>());

/** Whether this request is a signed-in Member's, who may read rows for members only. */
export const readsAsMember = (): boolean => store.getStore() === true;

export const withMemberReads = <T>(run: () => T): T => store.run(true, run);
