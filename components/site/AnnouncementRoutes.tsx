import { setRequestLocale } from 'next-intl/server';
import { localeOf } from '@/lib/i18n/params';
import { announcementKinds, type AnnouncementKindName } from '@/lib/public/announcements';
import { announcementDetailMetadata, announcementListMetadata } from '@/lib/public/announcement-pages';
import { unlessNotFound } from '@/lib/public/metadata';
import { AnnouncementDetail } from './AnnouncementDetail';
import { AnnouncementList } from './AnnouncementList';
import { listPage } from './ListPage';

interface DetailProps {
  params: Promise<{ locale: string; id: string }>;
}

/** The list route of news, bulletins or activities: `export const { generateMetadata, Page } = …`. */
export function announcementListRoute(name: AnnouncementKindName) {
  return listPage(
    ({ locale, query }) => announcementListMetadata(name, locale, query),
    ({ locale, query }) => <AnnouncementList locale={locale} kind={announcementKinds[name]} searchParams={query} />,
  );
}

/** The detail route (`/{kind}/{id}`) of news, bulletins or activities. */
export function announcementDetailRoute(name: AnnouncementKindName) {
  return {
    generateMetadata: unlessNotFound(async ({ params }: DetailProps) =>
      announcementDetailMetadata(name, await localeOf(params), (await params).id),
    ),
    Page: async function AnnouncementDetailRoute({ params }: DetailProps) {
      const locale = await localeOf(params);
      setRequestLocale(locale);
      return <AnnouncementDetail locale={locale} name={name} id={(await params).id} />;
    },
  };
}
