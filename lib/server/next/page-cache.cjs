// @ts-check
/**
 * Next.js's `cacheHandler` (next.config.mjs): one that keeps nothing. Public pages keep their
 * static, whole render (`revalidate` on the `[locale]` layout), which is what lets a row that is not
 * found answer 404 and a row of the other language redirect with 307: a streamed render has sent
 * its 200 before the page knows. Next.js hands each such render here to keep, and asks here first;
 * this answers that it has nothing, so every request that reaches Next.js renders afresh. The one
 * whole-page cache is the server's (lib/server/stored-pages.ts), which keeps what visitors get,
 * compressed, and drops it at the next write; Next.js's own (in memory, or files that would outlive
 * a restart and a restore) would be a second one to keep in step. next.config.mjs names this file by
 * its path; test/server/next-contract.test.ts checks it has every method of Next.js's own handler.
 */
class NextKeepsNoPages {
  /** @returns {Promise<null>} */
  async get() {
    return null;
  }

  async set() {}

  async revalidateTag() {}

  resetRequestCache() {}
}

module.exports = NextKeepsNoPages;
