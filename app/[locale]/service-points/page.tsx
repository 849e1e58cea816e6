import { ServicePointList } from '@/components/site/members/ServicePointList';
import { EmptyState } from '@/components/site/EmptyState';
import { FilterForm, FilterSelect } from '@/components/site/FilterForm';
import { Pager } from '@/components/site/Pager';
import { PublicPage } from '@/components/site/PublicPage';
import { sections } from '@/lib/content/model/sections';
import { sectionParam } from '@/lib/public/lists';
import { servicePoints } from '@/lib/public/members/service-points';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { pageParam } from '@/lib/public/paging';
import { withQuery } from '@/lib/routing/site';
import { routeHref } from '@/lib/public/links';
import { listPage, type ListRequest } from '@/components/site/ListPage';
import { translationsIn } from '@/lib/i18n/params';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

async function metadata({ language }: ListRequest) {
  const t = await translationsIn(language, 'members');
  return routePageMetadata(language, 'servicePoints', t('servicePointsDescription'));
}

/** Regional service points by kind (`?type=`) and county or city (`?region=`), paged. */
async function ServicePointsPage({ language, query }: ListRequest) {
  const areaType = sectionParam(sections.areaTypes, query.type);
  const region = sectionParam(sections.regions, query.region);
  const [t, list] = await Promise.all([
    translationsIn(language, 'members'),
    servicePoints(language, { areaType, region, page: pageParam(query.page) }),
  ]);
  const path = routeHref(language, 'servicePoints');
  const options = (list: typeof sections.regions) => list.map((s) => ({ value: s.value, label: s.label[language] }));
  return (
    <PublicPage language={language} route="servicePoints">
      <FilterForm language={language} action={path} label={t('filterLabel')} resetHref={path}>
        <FilterSelect
          name="type"
          label={t('areaType')}
          value={areaType?.value}
          options={options(sections.areaTypes)}
          allLabel={t('allAreaTypes')}
          idPrefix="points"
        />
        <FilterSelect
          name="region"
          label={t('region')}
          value={region?.value}
          options={options(sections.regions)}
          allLabel={t('allRegions')}
          idPrefix="points"
        />
      </FilterForm>
      <p className="meta" role="status">
        {t('pointsCount', { total: list.total })}
      </p>
      {list.items.length === 0 ? (
        <EmptyState message={t('noPoints')} />
      ) : (
        <ServicePointList language={language} points={list.items} />
      )}
      <Pager
        language={language}
        page={list.page}
        total={list.total}
        pageSize={list.pageSize}
        href={(page) =>
          withQuery(path, { type: areaType?.value, region: region?.value, page: page > 1 ? page : undefined })
        }
      />
    </PublicPage>
  );
}

const page = listPage(metadata, ServicePointsPage);
export const generateMetadata = page.generateMetadata;
export default page.Page;
