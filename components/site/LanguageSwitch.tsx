'use client';

import { Link } from '@/lib/i18n/navigation';
import { usePublicPathname } from './public-pathname';
import type { Locale } from '@/lib/i18n/languages';
import styles from './LanguageSwitch.module.css';

interface Props {
  /** The other language. */
  locale: Locale;
  /** Its `lang` value (the link's text is in that language). */
  lang: string;
  text: string;
  title: string;
}

/**
 * A plain link to the same page in the other language. `usePublicPathname` gives the path below the
 * locale prefix on the server too, so the link is right without JavaScript. A detail page's id
 * belongs to one language: the other language's page redirects to its counterpart (or the list).
 */
export function LanguageSwitch({ locale, lang, text, title }: Props) {
  const pathname = usePublicPathname();
  return (
    <Link
      href={pathname}
      locale={locale}
      className={`language-switch ${styles.switch}`}
      title={title}
      hrefLang={lang}
      lang={lang}
    >
      {text}
    </Link>
  );
}
