import { setRequestLocale } from 'next-intl/server';
import { AnnouncementList } from '@/components/site/AnnouncementList';
import { localeOf } from '@/lib/i18n/params';
import { announcementKinds } from '@/lib/public/announcements';
import { announcementListMetadata } from '@/lib/public/announcement-pages';

export async function generateMetadata({ params, searchParams }: PageProps<'/[locale]/news'>) {
  return announcementListMetadata('news', await localeOf(params), await searchParams);
}

export default async function NewsPage({ params, searchParams }: PageProps<'/[locale]/news'>) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  return <AnnouncementList locale={locale} kind={announcementKinds.news} searchParams={await searchParams} />;
}
