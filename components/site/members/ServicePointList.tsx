import type { WireLanguage } from '@/lib/i18n/languages';
import { sections } from '@/lib/content/model/sections';
import { sectionLabel } from '@/lib/public/lists';
import type { ServicePoint } from '@/lib/public/members/service-points';
import { detailHref } from '@/lib/public/links';
import { ContactLines } from './ContactLines';
import { ExternalLink } from './ExternalLink';
import styles from './members.module.css';
import { translationsIn } from '@/lib/i18n/params';

/** Service points: name, county or city and kind, member institution, address, phone, website, note. */
export async function ServicePointList({
  language,
  points,
  headingLevel = 2,
}: {
  language: WireLanguage;
  points: ServicePoint[];
  headingLevel?: 2 | 3;
}) {
  const t = await translationsIn(language, 'members');
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="list">
      {points.map((point) => (
        <li key={point.id} id={`item-${point.id}`} className={`list-item ${styles.point}`}>
          <Heading className="list-item__title">{point.name}</Heading>
          <p className="list-item__meta">
            <span className="tag">{sectionLabel(sections.regions, point.regionCode, language)}</span>
            <span className="tag">{sectionLabel(sections.areaTypes, point.areaType, language)}</span>
            {point.member && (
              <span>
                {t('member')}
                {t('colon')}
                <a href={detailHref(language, 'members', point.member.id)}>{point.member.name}</a>
              </span>
            )}
          </p>
          <ContactLines
            colon={t('colon')}
            lines={[
              [t('address'), point.address],
              [t('phone'), point.phone],
              [t('url'), point.url && <ExternalLink href={point.url} />],
              [t('note'), point.note],
            ]}
          />
        </li>
      ))}
    </ul>
  );
}
