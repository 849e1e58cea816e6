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
import { translationsIn } from '@/lib/i18n/params';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

async function metadata({ language }: ListRequest) {
  const t = await translationsIn(language, 'about');
  return routePageMetadata(language, 'videos', t('videosDescription'));
}

/** Videos by category (`?type=`): thumbnails with play links, nothing loaded from third parties. */
async function VideosPage({ language, query }: ListRequest) {
  const category = sectionParam(sections.visionCategories, query.type);
  const [t, list] = await Promise.all([
    translationsIn(language, 'about'),
    videos(language, { category, page: pageParam(query.page) }),
  ]);
  const path = routeHref(language, 'videos');
  const tabs = [
    { href: path, label: t('allVideos'), current: !category },
    ...sections.visionCategories.map((c) => ({
      href: withQuery(path, { type: c.value }),
      label: c.label[language],
      current: category?.value === c.value,
    })),
  ];
  return (
    <PublicPage language={language} route="videos">
      <ListTabs label={t('videoTabs')} tabs={tabs} />
      <p className="meta">{t('playHint')}</p>
      {list.items.length === 0 ? (
        <EmptyState message={t('noVideos')} />
      ) : (
        <ul className="cards">
          {list.items.map((video) => (
            <VideoCard key={video.id} language={language} video={video} />
          ))}
        </ul>
      )}
      <Pager
        language={language}
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
