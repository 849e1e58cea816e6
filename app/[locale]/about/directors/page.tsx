import { getTranslations } from 'next-intl/server';
import { PeopleGroups } from '@/components/site/about/PeopleGroups';
import { PublicPage } from '@/components/site/PublicPage';
import { toWireLanguage } from '@/lib/i18n/languages';
import { localeOf, openPage } from '@/lib/i18n/params';
import { boards } from '@/lib/public/about/people';
import { routePageMetadata } from '@/lib/public/info/metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/about/directors'>) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'about' });
  return routePageMetadata(locale, 'directors', t('directorsDescription'));
}

/** Both boards (理事會, 監事會), each with its last-updated date and its people in order. */
export default async function DirectorsPage({ params }: PageProps<'/[locale]/about/directors'>) {
  const { locale } = await openPage(params);
  const groups = await boards(toWireLanguage(locale));
  return (
    <PublicPage locale={locale} route="directors">
      <PeopleGroups locale={locale} groups={groups} />
    </PublicPage>
  );
}
