import { ListTabs } from '@/components/site/about/ListTabs';
import { UpdatedOn } from '@/components/site/about/UpdatedOn';
import { DisciplineList } from '@/components/site/laws/DisciplineList';
import { EmptyState } from '@/components/site/EmptyState';
import { Pager } from '@/components/site/Pager';
import { PublicPage } from '@/components/site/PublicPage';
import { disciplineTypes, disciplines, disciplinesUpdatedAt, typeParam } from '@/lib/public/laws/self-regulation';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { pageParam } from '@/lib/public/paging';
import { withQuery } from '@/lib/routing/site';
import { routeHref } from '@/lib/public/links';
import { listPage, type ListRequest } from '@/components/site/ListPage';
import { translationsIn } from '@/lib/i18n/params';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

async function metadata({ language }: ListRequest) {
  const t = await translationsIn(language, 'laws');
  return routePageMetadata(language, 'selfRegulation', t('selfRegulationDescription'));
}

/** Self-regulation rules of one type (`?type=`) or all, with the date of the latest change. */
async function SelfRegulationPage({ language, query }: ListRequest) {
  const [t, types, updatedAt] = await Promise.all([
    translationsIn(language, 'laws'),
    disciplineTypes(language),
    disciplinesUpdatedAt(language),
  ]);
  const type = typeParam(types, query.type);
  const list = await disciplines(language, { typeId: type?.id, page: pageParam(query.page) });
  const path = routeHref(language, 'selfRegulation');
  const tabs = [
    { href: path, label: t('allTypes'), current: !type },
    ...types.map((item) => ({
      href: withQuery(path, { type: item.id }),
      label: item.name,
      current: item.id === type?.id,
    })),
  ];
  return (
    <PublicPage language={language} route="selfRegulation">
      <UpdatedOn language={language} label={t('updatedOn')} value={updatedAt} />
      <ListTabs label={t('typeTabs')} tabs={tabs} />
      {list.items.length === 0 ? (
        <EmptyState message={t('noRules')} />
      ) : (
        <DisciplineList language={language} rules={list.items} types={type ? [] : types} />
      )}
      <Pager
        language={language}
        page={list.page}
        total={list.total}
        pageSize={list.pageSize}
        href={(page) => withQuery(path, { type: type?.id, page: page > 1 ? page : undefined })}
      />
    </PublicPage>
  );
}

const page = listPage(metadata, SelfRegulationPage);
export const generateMetadata = page.generateMetadata;
export default page.Page;
