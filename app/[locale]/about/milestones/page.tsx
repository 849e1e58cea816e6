import { ListTabs } from '@/components/site/about/ListTabs';
import { MilestoneTimeline } from '@/components/site/about/MilestoneTimeline';
import { EmptyState } from '@/components/site/EmptyState';
import { Pager } from '@/components/site/Pager';
import { PublicPage } from '@/components/site/PublicPage';
import { groupByYear, milestoneYears, milestones, yearParam } from '@/lib/public/about/milestones';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { pageParam } from '@/lib/public/paging';
import { withQuery } from '@/lib/routing/site';
import { routeHref } from '@/lib/public/links';
import { listPage, type ListRequest } from '@/components/site/ListPage';
import { translationsIn } from '@/lib/i18n/params';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

async function metadata({ language }: ListRequest) {
  const t = await translationsIn(language, 'about');
  return routePageMetadata(language, 'milestones', t('milestonesDescription'));
}

/** Milestones newest first, grouped by year; `?year=` picks one of the years present. */
async function MilestonesPage({ language, query }: ListRequest) {
  const [t, years] = await Promise.all([translationsIn(language, 'about'), milestoneYears(language)]);
  const year = yearParam(years, query.year);
  const list = await milestones(language, { year, page: pageParam(query.page) });
  const path = routeHref(language, 'milestones');
  const tabs = [
    { href: path, label: t('allYears'), current: year === undefined },
    ...years.map((y) => ({ href: withQuery(path, { year: y }), label: t('year', { year: y }), current: y === year })),
  ];
  return (
    <PublicPage language={language} route="milestones">
      <ListTabs label={t('yearTabs')} tabs={years.length > 1 ? tabs : []} />
      {list.items.length === 0 ? (
        <EmptyState message={t('noMilestones')} />
      ) : (
        <MilestoneTimeline language={language} groups={groupByYear(list.items)} />
      )}
      <Pager
        language={language}
        page={list.page}
        total={list.total}
        pageSize={list.pageSize}
        href={(page) => withQuery(path, { year, page: page > 1 ? page : undefined })}
      />
    </PublicPage>
  );
}

const page = listPage(metadata, MilestonesPage);
export const generateMetadata = page.generateMetadata;
export default page.Page;
