import { ItemList } from '@/components/site/info/ItemList';
import { TestFacts } from '@/components/site/info/TestFacts';
import { TitledSection } from '@/components/site/info/TitledSection';
import styles from '@/components/site/info/info.module.css';
import { EmptyState } from '@/components/site/EmptyState';
import { Pager } from '@/components/site/Pager';
import { PublicPage } from '@/components/site/PublicPage';
import type { WireLanguage } from '@/lib/i18n/languages';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { testsPage, type TestRow } from '@/lib/public/info/tests';
import { pageParam } from '@/lib/public/paging';
import { withQuery } from '@/lib/routing/site';
import { routeHref, rowHref } from '@/lib/public/links';
import { listPage, type ListRequest } from '@/components/site/ListPage';
import { translationsIn } from '@/lib/i18n/params';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

async function metadata({ language }: ListRequest) {
  const t = await translationsIn(language, 'info.tests');
  return routePageMetadata(language, 'tests', t('description'));
}

const entries = (language: WireLanguage, rows: TestRow[]) =>
  rows.map((row) => ({
    id: row.id,
    title: row.title ?? '',
    href: rowHref(language, 'webtrusttest', row),
    meta: <TestFacts language={language} row={row} className={`definition-list ${styles.facts}`} />,
  }));

async function TestsPage({ language, query }: ListRequest) {
  const t = await translationsIn(language, 'info.tests');
  const { upcoming, past } = await testsPage(language, { page: pageParam(query.page) });
  const path = routeHref(language, 'tests');
  return (
    <PublicPage language={language} route="tests">
      <TitledSection id="upcoming" title={t('upcoming')}>
        {upcoming.length === 0 ? (
          <EmptyState message={t('noUpcoming')} />
        ) : (
          <ItemList entries={entries(language, upcoming)} headingLevel={3} />
        )}
      </TitledSection>
      <TitledSection id="past" title={t('past')}>
        {past.rows.length === 0 ? (
          <EmptyState message={t('noPast')} />
        ) : (
          <ItemList entries={entries(language, past.rows)} headingLevel={3} />
        )}
        <Pager
          language={language}
          page={past.page}
          total={past.total}
          pageSize={past.pageSize}
          href={(page) => withQuery(path, { page })}
        />
      </TitledSection>
    </PublicPage>
  );
}

const page = listPage(metadata, TestsPage);
export const generateMetadata = page.generateMetadata;
export default page.Page;
