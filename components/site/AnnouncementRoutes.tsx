import { announcementKinds, type AnnouncementKindName } from '@/lib/public/announcements';
import { announcementDetailMetadata, announcementListMetadata } from '@/lib/public/announcement-pages';
import { unlessNotFound } from '@/lib/public/metadata';
import { AnnouncementDetail } from './AnnouncementDetail';
import { AnnouncementList } from './AnnouncementList';
import { listPage } from './ListPage';
import { languageOf, setPageLanguage } from '@/lib/i18n/params';

interface DetailProps {
  params: Promise<{ locale: string; id: string }>;
}

/** The list route of news, bulletins or activities: `export const { generateMetadata, Page } = …`. */
export function announcementListRoute(name: AnnouncementKindName) {
  return listPage(
    ({ language, query }) => announcementListMetadata(name, language, query),
    ({ language, query }) => (
      <AnnouncementList language={language} kind={announcementKinds[name]} searchParams={query} />
    ),
  );
}

/** The detail route (`/{kind}/{id}`) of news, bulletins or activities. */
export function announcementDetailRoute(name: AnnouncementKindName) {
  return {
    generateMetadata: unlessNotFound(async ({ params }: DetailProps) =>
      announcementDetailMetadata(name, await languageOf(params), (await params).id),
    ),
    Page: async function AnnouncementDetailRoute({ params }: DetailProps) {
      const language = await languageOf(params);
      setPageLanguage(language);
      return <AnnouncementDetail language={language} name={name} id={(await params).id} />;
    },
  };
}
