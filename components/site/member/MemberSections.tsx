import { getTranslations } from 'next-intl/server';
import { toWireLanguage, type Locale } from '@/lib/i18n/languages';
import { sitePath } from '@/lib/routing/site';
import { memberPaths } from '@/lib/routing/member';
import styles from './member.module.css';

const sections = ['home', 'dues', 'colleagues', 'sessions'] as const;

/** The signed-in member area's pages, the current one marked. */
export async function MemberSections({ locale, current }: { locale: Locale; current: (typeof sections)[number] }) {
  const t = await getTranslations({ locale, namespace: 'memberInstitution.nav' });
  const language = toWireLanguage(locale);
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
