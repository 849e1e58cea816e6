/**
 * Next.js's cache handler (lib/server/next-page-cache.cjs) keeps nothing: whatever Next.js hands it,
 * the next request renders afresh, and the server's stored pages are the one whole-page cache.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, loaded by Next.js by path
const NextPageCache = require('../../lib/server/next-page-cache.cjs') as new () => {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, context?: unknown): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
};

test('a page handed to it is never given back', async () => {
  const cache = new NextPageCache();
  expect(await cache.get('/zh-TW/news/1')).toBeNull();
  await cache.set(
    '/zh-TW/news/1',
    { kind: 'APP_PAGE', html: '<p>1</p>', status: 200 },
    { cacheControl: { revalidate: 30 } },
  );
  expect(await cache.get('/zh-TW/news/1')).toBeNull();
  // Another instance (Next.js makes one per request) has nothing either.
  expect(await new NextPageCache().get('/zh-TW/news/1')).toBeNull();
  await expect(cache.revalidateTag('any')).resolves.toBeUndefined();
  expect(() => cache.resetRequestCache()).not.toThrow();
});
