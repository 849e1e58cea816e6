import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HeadlineList } from '@/components/site/HeadlineList';
import { toWireLanguage } from '@/lib/i18n/languages';
import { localeOf } from '@/lib/i18n/params';
import { latestBulletins, latestNews } from '@/lib/public/home';
import { config } from '@/lib/config';
import { siteInfo } from '@/lib/public/site';

// Reads the database on every request until the public site's cache (issue 4) lands.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const site = await siteInfo(toWireLanguage(await localeOf(params)));
  // The home page's title is the site's name itself; deeper pages get "page | site" from the layout.
  return { title: { absolute: site.associationName && site.associationName !== site.siteName ? `${site.siteName} | ${site.associationName}` : site.siteName } };
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'site' });
  const language = toWireLanguage(locale);
  const [news, bulletins, site] = await Promise.all([latestNews(language), latestBulletins(language), siteInfo(language)]);
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: config().siteTimeZone });
  const listProps = { pinnedText: t('pinned'), dateLabel: t('publishedOn'), dateFormat, emptyText: t('noNews') };
  return (
    <div className="container">
      <h1 className="page-title">{site.associationName || site.siteName}</h1>
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
