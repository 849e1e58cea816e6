'use client';

import { usePublicPathname } from './public-pathname';
import { type WireLanguage } from '@/lib/i18n/languages';
import { sitePath } from '@/lib/routing/site';
import styles from './LanguageSwitch.module.css';

interface Props {
  /** The other language. */
  language: WireLanguage;
  /** Its `lang` value (the link's text is in that language). */
  lang: string;
  text: string;
  title: string;
}

/**
 * A plain link to the same page in the other language: a whole new page, which Next.js would load
 * whole anyway (each language's pages have their own root layout). `usePublicPathname` gives the
 * path below the language prefix on the server too, so the link is right without JavaScript. A row's
 * page (its path ends in the row's id) is the exception: the id belongs to one language, so the
 * link asks the server for the counterpart, or the list when there is none
 * (app/[locale]/language-switch).
 */
export function LanguageSwitch({ language, lang, text, title }: Props) {
  const pathname = usePublicPathname();
  const href = /\/\d+$/.test(pathname)
    ? sitePath(language, '/language-switch', { from: pathname })
    : sitePath(language, pathname);
  return (
    <a href={href} className={`language-switch ${styles.switch}`} title={title} hrefLang={lang} lang={lang}>
      {text}
    </a>
  );
}
