import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { htmlLang, type Locale } from '@/lib/i18n/languages';

/** The public header: the site's name and the language switch (plain links, no script needed). */
export async function SiteHeader({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'site' });
  const other: Locale = locale === 'en' ? 'zh-TW' : 'en';
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link href="/" className="site-name">
          {t('defaultSiteName')}
        </Link>
        {/* The visible name is the accessible name (WCAG 2.5.3); the title explains it on hover. */}
        <Link href="/" locale={other} className="language-switch" title={t('switchLanguageLabel')} hrefLang={htmlLang[other]} lang={htmlLang[other]}>
          {t('switchLanguage')}
        </Link>
      </div>
    </header>
  );
}
