import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/site/EmptyState';
import { CARD_SIZES, ItemImage } from '@/components/site/ItemImage';
import { PublicPage } from '@/components/site/PublicPage';
import { toWireLanguage } from '@/lib/i18n/languages';
import { localeOf, openPage } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { specialZones } from '@/lib/public/services/special';
import { rowHref } from '@/lib/public/links';

export async function generateMetadata({ params }: PageProps<'/[locale]/special'>) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'services.special' });
  return routePageMetadata(locale, 'special', t('description'));
}

export default async function SpecialZonesPage({ params }: PageProps<'/[locale]/special'>) {
  const { locale, t } = await openPage(params, 'services.special');
  const zones = await specialZones(toWireLanguage(locale));
  return (
    <PublicPage locale={locale} route="special">
      {zones.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <ul className="cards">
          {zones.map((zone, i) => (
            <li key={zone.id} id={`item-${zone.id}`} className="card">
              {/* The zone's name under it is the link; the banner is decoration. */}
              <ItemImage
                src={zone.banner}
                alt=""
                width={1200}
                height={300}
                sizes={CARD_SIZES}
                className="card__image"
                priority={i < 2}
              />
              <div className="card__body">
                <h2 className="card__title">
                  <a href={rowHref(locale, 'webspecialgroup', zone)}>{zone.name ?? ''}</a>
                </h2>
                {zone.description ? <p className="card__text">{zone.description ?? ''}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </PublicPage>
  );
}
