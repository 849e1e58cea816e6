import { ItemList } from '@/components/site/info/ItemList';
import { MembersOnlyMark } from '@/components/site/MembersOnlyMark';
import { isMembersOnly } from '@/lib/content/model/audience';
import { TitledSection } from '@/components/site/info/TitledSection';
import { ContentsNav } from '@/components/site/services/ContentsNav';
import styles from '@/components/site/services/services.module.css';
import { EmptyState } from '@/components/site/EmptyState';
import { PAGE_SIZES, ItemImage } from '@/components/site/ItemImage';
import { PublicPage } from '@/components/site/PublicPage';
import { resources } from '@/lib/content/model/registry';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { detailPageMetadata, unlessNotFound } from '@/lib/public/metadata';
import { publicRowPath } from '@/lib/public/row-links';
import { zoneSections } from '@/lib/public/services/special';
import { zoneOr404 } from '@/lib/public/services/zone-pages';
import { rowHref } from '@/lib/public/links';

export const generateMetadata = unlessNotFound(async ({ params }: PageProps<'/[locale]/special/[groupId]'>) => {
  const language = await languageOf(params);
  const zone = await zoneOr404(language, (await params).groupId);
  return detailPageMetadata(language, resources.webspecialgroup, zone, {
    title: zone.name ?? '',
    text: zone.description,
  });
});

export default async function SpecialZonePage({ params }: PageProps<'/[locale]/special/[groupId]'>) {
  const { language } = await openPage(params);
  const zone = await zoneOr404(language, (await params).groupId);
  const t = await translationsIn(language, 'services');
  const sections = await zoneSections(language, zone.id);
  const name = zone.name ?? '';
  return (
    <PublicPage
      language={language}
      route="special"
      title={name}
      below={[{ label: name, path: publicRowPath('webspecialgroup', zone)! }]}
    >
      <ItemImage
        src={zone.banner}
        alt=""
        width={1200}
        height={300}
        sizes={PAGE_SIZES}
        className={styles.banner}
        priority
      />
      {zone.description ? <p className="lead">{zone.description ?? ''}</p> : null}
      <ContentsNav
        label={t('contents')}
        entries={sections.map(({ section }) => ({ id: `section-${section.id}`, label: section.name ?? '' }))}
      />
      {sections.length === 0 ? <EmptyState message={t('special.zoneEmpty')} /> : null}
      {sections.map(({ section, items }) => (
        <TitledSection
          key={section.id}
          id={`section-${section.id}`}
          title={section.name ?? ''}
          className={styles.group}
        >
          <ItemList
            headingLevel={3}
            entries={items.map((item) => ({
              id: item.id,
              title: item.title ?? '',
              href: rowHref(language, 'webspecial', item),
              image: item.image,
              badge: isMembersOnly(item) && <MembersOnlyMark language={language} />,
            }))}
          />
        </TitledSection>
      ))}
    </PublicPage>
  );
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}
