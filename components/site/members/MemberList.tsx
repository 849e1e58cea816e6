import type { WireLanguage } from '@/lib/i18n/languages';
import { sections } from '@/lib/content/model/sections';
import { sectionLabel } from '@/lib/public/lists';
import type { Member } from '@/lib/public/members/members';
import { detailHref } from '@/lib/public/links';
import { ItemImage } from '../ItemImage';
import { ContactLines } from './ContactLines';
import { ExternalLink } from './ExternalLink';
import styles from './members.module.css';
import { translationsIn } from '@/lib/i18n/params';

/** Member institutions: logo, name (to its page), category, and how to reach it. */
export async function MemberList({ language, members }: { language: WireLanguage; members: Member[] }) {
  const t = await translationsIn(language, 'members');
  return (
    <ul className="list">
      {members.map((member) => (
        <li key={member.id} id={`item-${member.id}`} className={`list-item list-item--with-image ${styles.member}`}>
          <div className={styles.logoBox}>
            {/* The name stands beside the logo, so the logo itself is decorative here. */}
            <ItemImage src={member.logo} alt="" width={160} height={160} className={styles.logo} />
          </div>
          <div>
            <h3 className="list-item__title">
              <a href={detailHref(language, 'members', member.id)}>{member.name}</a>
            </h3>
            <p className="list-item__meta">
              <span className="tag">{sectionLabel(sections.memberCategories, member.category, language)}</span>
              {member.shortName && <span>{member.shortName}</span>}
            </p>
            <ContactLines
              colon={t('colon')}
              lines={[
                [t('address'), member.address],
                [t('phone'), member.phone],
                [t('fax'), member.fax],
                [t('website'), member.website && <ExternalLink href={member.website} />],
              ]}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
