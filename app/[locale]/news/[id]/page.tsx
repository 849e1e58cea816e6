import { setRequestLocale } from 'next-intl/server';
import { AnnouncementDetail } from '@/components/site/AnnouncementDetail';
import { localeOf } from '@/lib/i18n/params';
import { announcementDetailMetadata } from '@/lib/public/announcement-pages';

export async function generateMetadata({ params }: PageProps<'/[locale]/news/[id]'>) {
  return announcementDetailMetadata('news', await localeOf(params), (await params).id);
}

export default async function NewsDetailPage({ params }: PageProps<'/[locale]/news/[id]'>) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  return <AnnouncementDetail locale={locale} name="news" id={(await params).id} />;
}
