import type { Stage } from './stage';

const PUBLIC_PAGE = /^\/(?:tw|en)(?:\/|$)/;

/**
 * Public pages go without Next.js's client runtime (lib/server/next/framework-scripts.ts), unless they
 * hold a part that is React in the browser: the response stage takes it out of the held page. Rewritten
 * once per render: a stored page (lib/server/stored-pages.ts) is kept as rewritten. Production only: the
 * development server's pages keep the runtime, which reloads them as the code changes.
 */
export const scriptFreePages: Stage = (exchange, next) => {
  if (PUBLIC_PAGE.test(exchange.path)) exchange.withoutClientRuntime = true;
  return next();
};
