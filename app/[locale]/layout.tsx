import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { htmlLang, toWireLanguage } from '@/lib/i18n/languages';
import { siteInfo } from '@/lib/public/site';
import { localeOf } from '@/lib/i18n/params';
import { routing } from '@/lib/i18n/routing';
import { AccessKeyMark } from '@/components/site/AccessKeyMark';
import { SiteFooter } from '@/components/site/SiteFooter';
import { SiteHeader } from '@/components/site/SiteHeader';
import './globals.css';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

// Every page reads the association's settings from the database.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const locale = await localeOf(params);
  const site = await siteInfo(toWireLanguage(locale));
  return {
    title: { default: site.siteName, template: `%s | ${site.siteName}` },
    description: site.metaDescription || undefined,
    keywords: site.metaKeywords || undefined,
  };
}

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'site' });
  // The inline script below adds a class to <html> before React hydrates it.
  return (
    <html lang={htmlLang[locale]} suppressHydrationWarning>
      <body>
        {/* Marks that script runs before the first paint (the phone menu starts folded); nothing else. */}
        <script dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
        {/* Client pieces (navigation links) read the locale from here; no messages are sent along. */}
        <NextIntlClientProvider messages={null}>
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <SiteHeader locale={locale} />
        <noscript>
          <p className="noscript">{t('noscript')}</p>
        </noscript>
        <main id="main" tabIndex={-1}>
          <div className="container">
            <AccessKeyMark locale={locale} area="C" label={t('content.area')} className="accesskey--content" />
          </div>
          {children}
        </main>
        <SiteFooter locale={locale} />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
