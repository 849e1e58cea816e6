import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HeadlineList } from '@/components/site/HeadlineList';
import { toWireLanguage, type Locale } from '@/lib/i18n/languages';
import { latestBulletins, latestNews } from '@/lib/public/home';
import { config } from '@/lib/config';

// Reads the database on every request until the public site's cache (issue 4) lands.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'site' });
  return { title: t('homeTitle') };
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const { locale } = (await params) as { locale: Locale };
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'site' });
  const language = toWireLanguage(locale);
  const [news, bulletins] = await Promise.all([latestNews(language), latestBulletins(language)]);
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: config().siteTimeZone });
  const listProps = { pinnedText: t('pinned'), dateLabel: t('publishedOn'), dateFormat, emptyText: t('noNews') };
  return (
    <div className="container">
      <h1 className="page-title">{t('defaultSiteName')}</h1>
      <div className="home-columns">
        <section aria-labelledby="latest-news">
          <h2 id="latest-news">{t('latestNews')}</h2>
          <HeadlineList items={news} {...listProps} />
        </section>
        <section aria-labelledby="latest-bulletins">
          <h2 id="latest-bulletins">{t('latestBulletins')}</h2>
          <HeadlineList items={bulletins} {...listProps} />
        </section>
      </div>
    </div>
  );
}
