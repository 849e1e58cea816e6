import type { Metadata } from 'next';
import { SiteSearch } from '@/components/site/SiteSearch';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { pageMetadata } from '@/lib/public/metadata';
import { pageParam, searchParam } from '@/lib/public/paging';
import { route } from '@/lib/public/routes';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params, searchParams }: PageProps<'/[locale]/search'>): Promise<Metadata> {
  const language = await languageOf(params);
  const t = await translationsIn(language, 'site');
  const query = searchParam((await searchParams).q);
  const metadata = await pageMetadata({
    language,
    path: route('search').path,
    title: query ? t('search.titleWithQuery', { query }) : t('routes.search'),
  });
  // Result pages are not worth indexing; the search page itself is.
  return query ? { ...metadata, robots: { index: false, follow: true } } : metadata;
}

export default async function SearchPage({ params, searchParams }: PageProps<'/[locale]/search'>) {
  const { language } = await openPage(params);
  const query = await searchParams;
  const year = Number(searchParam(query.year));
  return (
    <SiteSearch
      language={language}
      query={searchParam(query.q)}
      page={pageParam(query.page)}
      area={searchParam(query.area) || undefined}
      year={Number.isInteger(year) && year > 1900 && year < 3000 ? year : undefined}
    />
  );
}
