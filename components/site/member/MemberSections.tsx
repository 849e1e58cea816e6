import { type WireLanguage } from '@/lib/i18n/languages';
import { sitePath } from '@/lib/routing/site';
import { memberPaths } from '@/lib/routing/member';
import styles from './member.module.css';
import { translationsIn } from '@/lib/i18n/params';

const sections = ['home', 'dues', 'colleagues', 'sessions'] as const;

/** The signed-in member area's pages, the current one marked. */
export async function MemberSections({
  language,
  current,
}: {
  language: WireLanguage;
  current: (typeof sections)[number];
}) {
  const t = await translationsIn(language, 'memberInstitution.nav');
  return (
    <nav aria-label={t('label')} className={styles.sections}>
      <ul className={styles.links}>
        {sections.map((section) => (
          <li key={section}>
            <a href={sitePath(language, memberPaths[section])} aria-current={section === current ? 'page' : undefined}>
              {t(section)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
