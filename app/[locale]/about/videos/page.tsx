import { getTranslations } from 'next-intl/server';
import { ListTabs } from '@/components/site/about/ListTabs';
import { VideoCard } from '@/components/site/about/VideoCard';
import { EmptyState } from '@/components/site/EmptyState';
import { Pager } from '@/components/site/Pager';
import { PublicPage } from '@/components/site/PublicPage';
import { sections } from '@/lib/content/model/sections';
import { sectionParam } from '@/lib/public/lists';
import { videos } from '@/lib/public/about/videos';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { pageParam } from '@/lib/public/paging';
import { withQuery } from '@/lib/routing/site';
import { routeHref } from '@/lib/public/links';
import { listPage, type ListRequest } from '@/components/site/ListPage';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

async function metadata({ locale }: ListRequest) {
  const t = await getTranslations({ locale, namespace: 'about' });
  return routePageMetadata(locale, 'videos', t('videosDescription'));
}

/** Videos by category (`?type=`): thumbnails with play links, nothing loaded from third parties. */
async function VideosPage({ locale, language, query }: ListRequest) {
  const category = sectionParam(sections.visionCategories, query.type);
  const [t, list] = await Promise.all([
    getTranslations({ locale, namespace: 'about' }),
    videos(language, { category, page: pageParam(query.page) }),
  ]);
  const path = routeHref(locale, 'videos');
  const tabs = [
    { href: path, label: t('allVideos'), current: !category },
    ...sections.visionCategories.map((c) => ({
      href: withQuery(path, { type: c.value }),
      label: c.label[language],
      current: category?.value === c.value,
    })),
  ];
  return (
    <PublicPage locale={locale} route="videos">
      <ListTabs label={t('videoTabs')} tabs={tabs} />
      <p className="meta">{t('playHint')}</p>
      {list.items.length === 0 ? (
        <EmptyState message={t('noVideos')} />
      ) : (
        <ul className="cards">
          {list.items.map((video) => (
            <VideoCard key={video.id} locale={locale} video={video} />
          ))}
        </ul>
      )}
      <Pager
        locale={locale}
        page={list.page}
        total={list.total}
        pageSize={list.pageSize}
        href={(page) => withQuery(path, { type: category?.value, page: page > 1 ? page : undefined })}
      />
    </PublicPage>
  );
}

const page = listPage(metadata, VideosPage);
export const generateMetadata = page.generateMetadata;
export default page.Page;
