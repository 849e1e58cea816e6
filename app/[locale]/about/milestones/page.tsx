import { getTranslations } from 'next-intl/server';
import { ListTabs } from '@/components/site/about/ListTabs';
import { MilestoneTimeline } from '@/components/site/about/MilestoneTimeline';
import { EmptyState } from '@/components/site/EmptyState';
import { Pager } from '@/components/site/Pager';
import { PublicPage } from '@/components/site/PublicPage';
import { toWireLanguage } from '@/lib/i18n/languages';
import { localeOf, openPage } from '@/lib/i18n/params';
import { groupByYear, milestoneYears, milestones, yearParam } from '@/lib/public/about/milestones';
import { pageMetadata } from '@/lib/public/metadata';
import { pageParam } from '@/lib/public/paging';
import { withQuery } from '@/lib/public/urls';
import { routeHref } from '@/lib/public/links';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/about/milestones'>) {
  const locale = await localeOf(params);
  const [routes, t] = await Promise.all([getTranslations({ locale, namespace: 'site.routes' }), getTranslations({ locale, namespace: 'about' })]);
  return pageMetadata({ locale, path: '/about/milestones', title: routes('milestones'), description: t('milestonesDescription') });
}

/** Milestones newest first, grouped by year; `?year=` picks one of the years present. */
export default async function MilestonesPage({ params, searchParams }: PageProps<'/[locale]/about/milestones'>) {
  const { locale } = await openPage(params);
  const language = toWireLanguage(locale);
  const query = await searchParams;
  const [t, years] = await Promise.all([getTranslations({ locale, namespace: 'about' }), milestoneYears(language)]);
  const year = yearParam(years, query.year);
  const list = await milestones(language, { year, page: pageParam(query.page) });
  const path = routeHref(locale, 'milestones');
  const tabs = [
    { href: path, label: t('allYears'), current: year === undefined },
    ...years.map((y) => ({ href: withQuery(path, { year: y }), label: t('year', { year: y }), current: y === year })),
  ];
  return (
    <PublicPage locale={locale} route="milestones">
      <ListTabs label={t('yearTabs')} tabs={years.length > 1 ? tabs : []} />
      {list.items.length === 0 ? (
        <EmptyState message={t('noMilestones')} />
      ) : (
        <MilestoneTimeline locale={locale} groups={groupByYear(list.items)} />
      )}
      <Pager locale={locale} page={list.page} total={list.total} pageSize={list.pageSize} href={(page) => withQuery(path, { year, page: page > 1 ? page : undefined })} />
    </PublicPage>
  );
}
