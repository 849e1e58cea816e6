import { htmlLang, otherLanguage, type WireLanguage } from '@/lib/i18n/languages';
import { menu } from '@/lib/public/routes';
import { siteInfo } from '@/lib/public/site';
import { routeHref } from '@/lib/public/links';
import { AccessKeyMark } from './AccessKeyMark';
import { LanguageSwitch } from './LanguageSwitch';
import { MainNav, type NavGroup } from './MainNav';
import { ItemImage } from './ItemImage';
import styles from './SiteHeader.module.css';
import { translationsIn } from '@/lib/i18n/params';

/**
 * The public header: the `:::` U mark, the association's name and logo (web settings), the site
 * search (a GET form, with suggestions as one types once the script runs), the language switch, and
 * the main navigation from the route table.
 */
export async function SiteHeader({ language }: { language: WireLanguage }) {
  const [t, routes, site] = await Promise.all([
    translationsIn(language, 'site'),
    translationsIn(language, 'site.routes'),
    siteInfo(language),
  ]);
  const other = otherLanguage(language);
  const groups: NavGroup[] = menu().map(({ group, pages }) => ({
    label: routes(group.id),
    path: group.link ?? group.path,
    href: routeHref(language, group),
    pages: pages.map((page) => ({ label: routes(page.id), path: page.path, href: routeHref(language, page) })),
  }));
  return (
    <header className={styles.header}>
      <div className={`container ${styles.top}`}>
        <div>
          <AccessKeyMark language={language} area="U" label={t('header.area')} />{' '}
          <a href={routeHref(language, 'home')} className={styles.name}>
            {/* The name beside it says the same, so the logo is decorative here. */}
            {site.logoUrl && (
              <ItemImage src={site.logoUrl} alt="" width={40} height={40} sizes="40px" className={styles.logo} />
            )}
            {site.siteName}
          </a>
        </div>
        <div className={styles.tools}>
          <form
            method="get"
            action={routeHref(language, 'search')}
            role="search"
            className={`site-search ${styles.search}`}
            aria-label={t('header.searchLabel')}
          >
            <label htmlFor="site-search-q" className="visually-hidden">
              {t('header.searchLabel')}
            </label>
            {/* A combobox once the site script runs (lib/public/site-script.ts): it fills the list as one types. */}
            <div className={styles.suggest}>
              <input
                id="site-search-q"
                type="search"
                name="q"
                maxLength={200}
                accessKey="S"
                placeholder={t('header.searchPlaceholder')}
                autoComplete="off"
                role="combobox"
                aria-autocomplete="list"
                aria-expanded="false"
                aria-controls="site-search-suggestions"
                data-suggest-url="/api/search/suggest"
                data-suggest-lang={language}
                data-suggest-count={t('header.suggestionCount')}
                data-suggest-status="site-search-status"
              />
              <ul
                id="site-search-suggestions"
                role="listbox"
                aria-label={t('header.suggestionsLabel')}
                className={styles.suggestions}
                hidden
              />
              <p id="site-search-status" className="visually-hidden" aria-live="polite" />
            </div>
            <button type="submit">{t('header.searchButton')}</button>
          </form>
          {/* The visible name is the accessible name (WCAG 2.5.3); the title explains it on hover. */}
          <LanguageSwitch
            language={other}
            lang={htmlLang[other]}
            text={t('switchLanguage')}
            title={t('switchLanguageLabel')}
          />
        </div>
      </div>
      <MainNav
        groups={groups}
        label={t('header.menuLabel')}
        menuText={t('header.menu')}
        groupPagesText={t.raw('header.groupPages') as string}
      />
    </header>
  );
}
