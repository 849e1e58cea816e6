import { EmptyState } from '@/components/site/EmptyState';
import { CARD_SIZES, ItemImage } from '@/components/site/ItemImage';
import { PublicPage } from '@/components/site/PublicPage';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { specialZones } from '@/lib/public/services/special';
import { rowHref } from '@/lib/public/links';

export async function generateMetadata({ params }: PageProps<'/[locale]/special'>) {
  const language = await languageOf(params);
  const t = await translationsIn(language, 'services.special');
  return routePageMetadata(language, 'special', t('description'));
}

export default async function SpecialZonesPage({ params }: PageProps<'/[locale]/special'>) {
  const { language, t } = await openPage(params, 'services.special');
  const zones = await specialZones(language);
  return (
    <PublicPage language={language} route="special">
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
                  <a href={rowHref(language, 'webspecialgroup', zone)}>{zone.name ?? ''}</a>
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
