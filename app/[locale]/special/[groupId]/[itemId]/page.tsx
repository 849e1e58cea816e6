import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DetailArticle } from '@/components/site/info/DetailArticle';
import { DateText } from '@/components/site/DateText';
import { PublicPage } from '@/components/site/PublicPage';
import { resources } from '@/lib/content/registry';
import { localeOf } from '@/lib/i18n/params';
import { rowPageMetadata } from '@/lib/public/info/metadata';
import { publicRowPath } from '@/lib/public/row-links';
import { zoneItemOr404 } from '@/lib/public/services/zone-pages';
import { localePath } from '@/lib/public/urls';

export async function generateMetadata({ params }: PageProps<'/[locale]/special/[groupId]/[itemId]'>) {
  const locale = await localeOf(params);
  const { groupId, itemId } = await params;
  const { item } = await zoneItemOr404(locale, groupId, itemId);
  return rowPageMetadata(locale, resources.webspecial, item, String(item.title));
}

export default async function SpecialItemPage({ params }: PageProps<'/[locale]/special/[groupId]/[itemId]'>) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const { groupId, itemId } = await params;
  const { zone, item } = await zoneItemOr404(locale, groupId, itemId);
  const t = await getTranslations({ locale, namespace: 'services.special' });
  const site = await getTranslations({ locale, namespace: 'site' });
  const title = String(item.title);
  const zoneName = String(zone.name);
  const zonePath = publicRowPath('webspecialgroup', zone)!;
  return (
    <PublicPage
      locale={locale}
      route="special"
      title={title}
      below={[
        { label: zoneName, path: zonePath },
        { label: title, path: publicRowPath('webspecial', item)! },
      ]}
    >
      <DetailArticle
        locale={locale}
        title={title}
        image={item.image}
        meta={
          <p className="detail-meta">
            {site('publishedOn')}: <DateText locale={locale} value={item.publishAt as Date} />
          </p>
        }
        html={item.content as string | null}
        link={item.link as string | null}
        linkLabel={t('link')}
        files={item.files}
        back={{ href: localePath(locale, zonePath), label: t('backToZone', { name: zoneName }) }}
      />
    </PublicPage>
  );
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}
