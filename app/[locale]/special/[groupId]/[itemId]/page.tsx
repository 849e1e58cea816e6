import { DetailArticle } from '@/components/site/info/DetailArticle';
import { DateText } from '@/components/site/DateText';
import { PublicPage } from '@/components/site/PublicPage';
import { isMembersOnly } from '@/lib/content/model/audience';
import { resources } from '@/lib/content/model/registry';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { detailPageMetadata, unlessNotFound } from '@/lib/public/metadata';
import { publicRowPath } from '@/lib/public/row-links';
import { zoneItemOr404 } from '@/lib/public/services/zone-pages';
import { sitePath } from '@/lib/routing/site';

export const generateMetadata = unlessNotFound(
  async ({ params }: PageProps<'/[locale]/special/[groupId]/[itemId]'>) => {
    const language = await languageOf(params);
    const { groupId, itemId } = await params;
    const { item } = await zoneItemOr404(language, groupId, itemId);
    return detailPageMetadata(language, resources.webspecial, item, { title: item.title ?? '' });
  },
);

export default async function SpecialItemPage({ params }: PageProps<'/[locale]/special/[groupId]/[itemId]'>) {
  const { language } = await openPage(params);
  const { groupId, itemId } = await params;
  const { zone, item } = await zoneItemOr404(language, groupId, itemId);
  const t = await translationsIn(language, 'services.special');
  const site = await translationsIn(language, 'site');
  const title = item.title ?? '';
  const zoneName = zone.name ?? '';
  const zonePath = publicRowPath('webspecialgroup', zone)!;
  return (
    <PublicPage
      language={language}
      route="special"
      title={title}
      membersOnly={isMembersOnly(item)}
      below={[
        { label: zoneName, path: zonePath },
        { label: title, path: publicRowPath('webspecial', item)! },
      ]}
    >
      <DetailArticle
        language={language}
        title={title}
        image={item.image}
        meta={
          <p className="detail-meta">
            {site('publishedOn')}: <DateText language={language} value={item.publishAt} />
          </p>
        }
        html={item.content}
        link={item.link}
        linkLabel={t('link')}
        files={item.files}
        back={{ href: sitePath(language, zonePath), label: t('backToZone', { name: zoneName }) }}
      />
    </PublicPage>
  );
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}
