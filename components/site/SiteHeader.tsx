import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { htmlLang, toWireLanguage, type Locale } from '@/lib/i18n/languages';
import { siteInfo } from '@/lib/public/site';

/** The public header: the site's name and the language switch (plain links, no script needed). */
export async function SiteHeader({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'site' });
  const other: Locale = locale === 'en' ? 'zh-TW' : 'en';
  const site = await siteInfo(toWireLanguage(locale));
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link href="/" className="site-name">
          {/* The name beside it says the same, so the logo is decorative here. A small upload served
              as stored: next/image's optimiser would add nothing. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          {site.logoUrl && <img src={site.logoUrl} alt="" width={40} height={40} className="site-logo" />}
          {site.siteName}
        </Link>
        {/* The visible name is the accessible name (WCAG 2.5.3); the title explains it on hover. */}
        <Link href="/" locale={other} className="language-switch" title={t('switchLanguageLabel')} hrefLang={htmlLang[other]} lang={htmlLang[other]}>
          {t('switchLanguage')}
        </Link>
      </div>
    </header>
  );
}
