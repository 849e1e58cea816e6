import type { ReactNode } from 'react';
import { type WireLanguage } from '@/lib/i18n/languages';
import { sitePath } from '@/lib/routing/site';
import { errorMessages, errorPagePaths } from '@/lib/public/error-pages';
import filterStyles from './FilterForm.module.css';
import form from './form.module.css';
import titleStyles from './PublicPage.module.css';

interface Props {
  language: WireLanguage;
  title: string;
  text: string;
  /** The actions of the page itself, e.g. a retry button. */
  children?: ReactNode;
}

/**
 * What a visitor who reached no page (404) or a broken one (500) is offered, in the page's language:
 * what happened, a site search and the way home. Plain markup, so the server's not-found page and
 * the client's error boundary share it; the site frame (header, footer, `lang`) is the layout's.
 */
export function ErrorPage({ language, title, text, children }: Props) {
  const t = errorMessages[language];
  return (
    <div className="container page">
      <h1 className={titleStyles.title}>{title}</h1>
      <p>{text}</p>
      {children}
      <form
        method="get"
        action={sitePath(language, errorPagePaths.search)}
        role="search"
        aria-label={t.searchLabel}
        className={filterStyles.form}
      >
        <div className={filterStyles.fields}>
          <div className={form.field}>
            <label htmlFor="error-search-q" className={form.label}>
              {t.searchKeyword}
            </label>
            <input id="error-search-q" type="search" name="q" maxLength={200} className={form.control} />
          </div>
        </div>
        <div className={filterStyles.actions}>
          <button type="submit" className={form.button}>
            {t.searchButton}
          </button>
        </div>
      </form>
      <nav aria-label={t.waysOn}>
        <ul>
          <li>
            <a href={sitePath(language, errorPagePaths.home)} rel="home">
              {t.home}
            </a>
          </li>
          <li>
            <a href={sitePath(language, errorPagePaths.siteMap)}>{t.siteMap}</a>
          </li>
        </ul>
      </nav>
    </div>
  );
}
