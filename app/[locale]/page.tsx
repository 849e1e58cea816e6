import type { Metadata } from 'next';
import { HomeHeadlines } from '@/components/site/HomeHeadlines';
import { CARD_SIZES, ItemImage } from '@/components/site/ItemImage';
import { JsonLd } from '@/components/site/JsonLd';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { homeContent, quickLinks } from '@/lib/public/home';
import { pageMetadata } from '@/lib/public/metadata';
import { route } from '@/lib/public/routes';
import { siteInfo } from '@/lib/public/site';
import { organizationJsonLd } from '@/lib/public/structured-data';
import { routeHref } from '@/lib/public/links';
import home from '@/components/site/home.module.css';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const language = await languageOf(params);
  const site = await siteInfo(language);
  const title =
    site.associationName && site.associationName !== site.siteName
      ? `${site.siteName} | ${site.associationName}`
      : site.siteName;
  // The home page's title is the site's name itself; deeper pages get "page | site" from the layout.
  return { ...(await pageMetadata({ language, path: '', title })), title: { absolute: title } };
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const { language } = await openPage(params);
  const [t, routes, site, content] = await Promise.all([
    translationsIn(language, 'site'),
    translationsIn(language, 'site.routes'),
    siteInfo(language),
    homeContent(language),
  ]);
  const path = (id: Parameters<typeof route>[0]) => routeHref(language, id);
  const more = (id: 'news' | 'bulletins' | 'activities') => t('announcements.more', { list: routes(id) });
  return (
    <>
      <div className={home.hero}>
        <div className="container">
          <h1>{site.associationName || site.siteName}</h1>
          {site.metaDescription && <p>{site.metaDescription}</p>}
        </div>
      </div>
      <div className="container">
        <div className={home.columns}>
          <HomeHeadlines
            language={language}
            id="latest-news"
            title={t('latestNews')}
            listPath={path('news')}
            moreText={more('news')}
            emptyText={t('noNews')}
            items={content.news}
            dated="publishAt"
          />
          <HomeHeadlines
            language={language}
            id="latest-bulletins"
            title={t('latestBulletins')}
            listPath={path('bulletins')}
            moreText={more('bulletins')}
            emptyText={t('home.noBulletins')}
            items={content.bulletins}
            dated="publishAt"
          />
        </div>
        <HomeHeadlines
          language={language}
          id="upcoming-activities"
          title={t('home.upcomingActivities')}
          listPath={path('activities')}
          moreText={more('activities')}
          emptyText={t('announcements.empty.upcoming')}
          items={content.activities}
          dated="startAt"
        />
        {content.zones.length > 0 && (
          <section className={home.section} aria-labelledby="special-zones">
            <div className={home.sectionHead}>
              <h2 id="special-zones">{routes('special')}</h2>
              <a href={path('special')}>{t('home.allZones')}</a>
            </div>
            <ul className="cards">
              {content.zones.map((zone) => (
                <li key={zone.id} className="card">
                  {/* The zone's name follows as the link text, so its banner is decorative. */}
                  <ItemImage src={zone.banner} alt="" className="card__image" sizes={CARD_SIZES} />
                  <div className="card__body">
                    <h3 className="card__title">
                      <a href={`${path('special')}/${zone.id}`}>{zone.name}</a>
                    </h3>
                    {zone.description && <p className="card__text">{zone.description}</p>}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className={home.section} aria-labelledby="quick-links">
          <div className={home.sectionHead}>
            <h2 id="quick-links">{t('home.quickLinks')}</h2>
          </div>
          <ul className={home.quickLinks}>
            {quickLinks.map((id) => (
              <li key={id}>
                <a href={path(id)}>{routes(id)}</a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <JsonLd data={organizationJsonLd(site, language)} />
    </>
  );
}
