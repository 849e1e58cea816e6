import { setRequestLocale } from 'next-intl/server';
import { AnnouncementDetail } from '@/components/site/AnnouncementDetail';
import { localeOf } from '@/lib/i18n/params';
import { announcementDetailMetadata } from '@/lib/public/announcement-pages';

export async function generateMetadata({ params }: PageProps<'/[locale]/activities/[id]'>) {
  return announcementDetailMetadata('activities', await localeOf(params), (await params).id);
}

export default async function ActivitiesDetailPage({ params }: PageProps<'/[locale]/activities/[id]'>) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  return <AnnouncementDetail locale={locale} name="activities" id={(await params).id} />;
}
