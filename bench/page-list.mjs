// The pages the public-page benchmarks visit (bench/pages.mjs, bench/lighthouse.mjs).

/** The default: home, a list and a detail page in both languages. */
export const defaultPages = '/tw,/tw/news,/tw/news/*,/en,/en/news,/en/news/*';

export const pageList = (text) =>
  text
    .split(',')
    .map((page) => page.trim())
    .filter(Boolean);

/**
 * A page as given, or for `/tw/news/*` the first link on /tw/news that goes one level below it
 * (the first news item); undefined when that page is missing or links to nothing below it.
 */
export async function resolvePage(base, page) {
  if (!page.endsWith('/*')) return page;
  const parent = page.slice(0, -2);
  const response = await fetch(`${base}${parent}`, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) return undefined;
  const escaped = parent.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (await response.text()).match(new RegExp(`href="(${escaped}/[^"/?#]+)"`))?.[1];
}
