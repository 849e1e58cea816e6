import { ListTabs } from '@/components/site/about/ListTabs';
import { PeopleGroups } from '@/components/site/about/PeopleGroups';
import { PublicPage } from '@/components/site/PublicPage';
import { sections } from '@/lib/content/model/sections';
import { committees } from '@/lib/public/about/people';
import { sectionParam } from '@/lib/public/lists';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { withQuery } from '@/lib/routing/site';
import { routeHref } from '@/lib/public/links';
import { listPage, type ListRequest } from '@/components/site/ListPage';
import { translationsIn } from '@/lib/i18n/params';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

async function metadata({ language }: ListRequest) {
  const t = await translationsIn(language, 'about');
  return routePageMetadata(language, 'committees', t('committeesDescription'));
}

/** The committees: all of them, or the one `?type=` names, each with its last-updated date. */
async function CommitteesPage({ language, query }: ListRequest) {
  const only = sectionParam(sections.committees, query.type);
  const [t, groups] = await Promise.all([translationsIn(language, 'about'), committees(language, only)]);
  const path = routeHref(language, 'committees');
  const tabs = [
    { href: path, label: t('allCommittees'), current: !only },
    ...sections.committees.map((c) => ({
      href: withQuery(path, { type: c.value }),
      label: c.label[language],
      current: only?.value === c.value,
    })),
  ];
  return (
    <PublicPage language={language} route="committees">
      <ListTabs label={t('committeeTabs')} tabs={tabs} />
      <PeopleGroups language={language} groups={groups} />
    </PublicPage>
  );
}

const page = listPage(metadata, CommitteesPage);
export const generateMetadata = page.generateMetadata;
export default page.Page;
