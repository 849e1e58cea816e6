import { setRequestLocale } from 'next-intl/server';
import { localeOf } from '@/lib/i18n/params';
import { announcementKinds, type AnnouncementKindName } from '@/lib/public/announcements';
import { announcementDetailMetadata, announcementListMetadata } from '@/lib/public/announcement-pages';
import { unlessNotFound } from '@/lib/public/metadata';
import { AnnouncementDetail } from './AnnouncementDetail';
import { AnnouncementList } from './AnnouncementList';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
interface ListProps {
  params: Promise<{ locale: string }>;
  searchParams: SearchParams;
}
interface DetailProps {
  params: Promise<{ locale: string; id: string }>;
}

/** The list route of news, bulletins or activities: `export const { generateMetadata, Page } = …`. */
export function announcementListRoute(name: AnnouncementKindName) {
  return {
    generateMetadata: async ({ params, searchParams }: ListProps) => announcementListMetadata(name, await localeOf(params), await searchParams),
    Page: async function AnnouncementListRoute({ params, searchParams }: ListProps) {
      const locale = await localeOf(params);
      setRequestLocale(locale);
      return <AnnouncementList locale={locale} kind={announcementKinds[name]} searchParams={await searchParams} />;
    },
  };
}

/** The detail route (`/{kind}/{id}`) of news, bulletins or activities. */
export function announcementDetailRoute(name: AnnouncementKindName) {
  return {
    generateMetadata: unlessNotFound(async ({ params }: DetailProps) => announcementDetailMetadata(name, await localeOf(params), (await params).id)),
    Page: async function AnnouncementDetailRoute({ params }: DetailProps) {
      const locale = await localeOf(params);
      setRequestLocale(locale);
      return <AnnouncementDetail locale={locale} name={name} id={(await params).id} />;
    },
  };
}
