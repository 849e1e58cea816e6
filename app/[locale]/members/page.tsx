import { ListTabs } from '@/components/site/about/ListTabs';
import { PageSections } from '@/components/site/about/PageSections';
import { MemberList } from '@/components/site/members/MemberList';
import { EmptyState } from '@/components/site/EmptyState';
import { Pager } from '@/components/site/Pager';
import { PublicPage } from '@/components/site/PublicPage';
import { sections } from '@/lib/content/model/sections';
import { pageSections } from '@/lib/public/about/page-sections';
import { sectionParam } from '@/lib/public/lists';
import { members } from '@/lib/public/members/members';
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
  return routePageMetadata(language, 'members', t('membersDescription'));
}

/** Member services (page sections), then the member directory by category (`?type=`), paged. */
async function MembersPage({ language, query }: ListRequest) {
  const category = sectionParam(sections.memberCategories, query.type);
  const [t, services, list] = await Promise.all([
    translationsIn(language, 'members'),
    pageSections(language, 'member-services'),
    members(language, { category, page: pageParam(query.page) }),
  ]);
  const path = routeHref(language, 'members');
  const tabs = [
    { href: path, label: t('allCategories'), current: !category },
    ...sections.memberCategories.map((c) => ({
      href: withQuery(path, { type: c.value }),
      label: c.label[language],
      current: category?.value === c.value,
    })),
  ];
  return (
    <PublicPage language={language} route="members">
      <PageSections language={language} sections={services} />
      <section aria-labelledby="directory">
        <h2 id="directory" className="section-title">
          {t('directory')}
        </h2>
        <ListTabs label={t('categoryTabs')} tabs={tabs} />
        <p className="meta">{t('count', { total: list.total })}</p>
        {list.items.length === 0 ? (
          <EmptyState message={t('noMembers')} />
        ) : (
          <MemberList language={language} members={list.items} />
        )}
        <Pager
          language={language}
          page={list.page}
          total={list.total}
          pageSize={list.pageSize}
          href={(page) => withQuery(path, { type: category?.value, page: page > 1 ? page : undefined })}
        />
      </section>
    </PublicPage>
  );
}

const page = listPage(metadata, MembersPage);
export const generateMetadata = page.generateMetadata;
export default page.Page;
