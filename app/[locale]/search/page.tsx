import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SiteSearch } from '@/components/site/SiteSearch';
import { localeOf, openPage } from '@/lib/i18n/params';
import { pageMetadata } from '@/lib/public/metadata';
import { pageParam, searchParam } from '@/lib/public/paging';
import { route } from '@/lib/public/routes';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params, searchParams }: PageProps<'/[locale]/search'>): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'site' });
  const query = searchParam((await searchParams).q);
  const metadata = await pageMetadata({
    locale,
    path: route('search').path,
    title: query ? t('search.titleWithQuery', { query }) : t('routes.search'),
  });
  // Result pages are not worth indexing; the search page itself is.
  return query ? { ...metadata, robots: { index: false, follow: true } } : metadata;
}

export default async function SearchPage({ params, searchParams }: PageProps<'/[locale]/search'>) {
  const { locale } = await openPage(params);
  const query = await searchParams;
  const year = Number(searchParam(query.year));
  return (
    <SiteSearch
      locale={locale}
      query={searchParam(query.q)}
      page={pageParam(query.page)}
      area={searchParam(query.area) || undefined}
      year={Number.isInteger(year) && year > 1900 && year < 3000 ? year : undefined}
    />
  );
}
