'use client';

import { Link } from '@/lib/i18n/navigation';
import { usePublicPathname } from './public-pathname';
import { toWireLanguage, type Locale } from '@/lib/i18n/languages';
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
 * locale prefix on the server too, so the link is right without JavaScript. A row's page (its path
 * ends in the row's id) is the exception: the id belongs to one language, so the link asks the
 * server for the counterpart, or the list when there is none (app/[locale]/language-switch).
 */
export function LanguageSwitch({ locale, lang, text, title }: Props) {
  const pathname = usePublicPathname();
  if (/\/\d+$/.test(pathname)) {
    const href = `/${toWireLanguage(locale)}/language-switch?from=${encodeURIComponent(pathname)}`;
    return (
      <a href={href} className={`language-switch ${styles.switch}`} title={title} hrefLang={lang} lang={lang}>
        {text}
      </a>
    );
  }
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
