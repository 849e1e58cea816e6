import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { notFound } from 'next/navigation';
import { config } from '@/lib/config';
import { htmlLang, isWireLanguage, toLocale } from '@/lib/i18n/languages';
import { messagesFor } from '@/lib/i18n/messages';
import '../admin.css';

// Only /tw-admin, /en-admin, /tw-login, /en-login, /tw-reset and /en-reset reach this tree (proxy.ts rewrites them).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ lang: 'tw' }, { lang: 'en' }];
}

export async function generateMetadata({ params }: LayoutProps<'/admin/[lang]'>): Promise<Metadata> {
  const { lang } = await params;
  if (!isWireLanguage(lang)) notFound();
  return { title: messagesFor(lang).admin.title, robots: { index: false, follow: false } };
}

/** The back office's own root layout (client-rendered React: docs/back-office.md), in the path's language. */
export default async function AdminLayout({ children, params }: LayoutProps<'/admin/[lang]'>) {
  const { lang } = await params;
  if (!isWireLanguage(lang)) notFound();
  const { admin, adminForm, client, site } = messagesFor(lang);
  // The public site's route names label the menu groups, so both name them alike.
  const messages = { admin, adminForm, client, site: { routes: site.routes } };
  return (
    <html lang={htmlLang[lang]}>
      <body className="admin-body">
        <NextIntlClientProvider locale={toLocale(lang)} messages={messages} timeZone={config().siteTimeZone}>
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
