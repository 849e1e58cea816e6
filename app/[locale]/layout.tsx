import type { Metadata } from 'next';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { htmlLang, type Locale } from '@/lib/i18n/languages';
import { routing } from '@/lib/i18n/routing';
import { SiteHeader } from '@/components/site/SiteHeader';
import './globals.css';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'site' });
  return { title: { default: t('defaultSiteName'), template: `%s | ${t('defaultSiteName')}` } };
}

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'site' });
  return (
    <html lang={htmlLang[locale as Locale]}>
      <body>
        {/* Client pieces (navigation links) read the locale from here; no messages are sent along. */}
        <NextIntlClientProvider messages={null}>
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <SiteHeader locale={locale as Locale} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <noscript>
          <p className="noscript">{t('noscript')}</p>
        </noscript>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
