import { setRequestLocale } from 'next-intl/server';
import { AnnouncementList } from '@/components/site/AnnouncementList';
import { localeOf } from '@/lib/i18n/params';
import { announcementKinds } from '@/lib/public/announcements';
import { announcementListMetadata } from '@/lib/public/announcement-pages';

export async function generateMetadata({ params, searchParams }: PageProps<'/[locale]/bulletins'>) {
  return announcementListMetadata('bulletins', await localeOf(params), await searchParams);
}

export default async function BulletinsPage({ params, searchParams }: PageProps<'/[locale]/bulletins'>) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  return <AnnouncementList locale={locale} kind={announcementKinds.bulletins} searchParams={await searchParams} />;
}
