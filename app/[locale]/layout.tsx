import type { Metadata } from 'next';
// The site-wide styles come first, so each component's module (imported below) follows them.
import './globals.css';
import { htmlLang } from '@/lib/i18n/languages';
import { siteInfo } from '@/lib/public/site';
import { siteScriptSource } from '@/lib/public/site-script';
import { AccessKeyMark } from '@/components/site/AccessKeyMark';
import { SiteFooter } from '@/components/site/SiteFooter';
import { PreviewBanner } from '@/components/site/PreviewBanner';
import { SiteHeader } from '@/components/site/SiteHeader';
import accessKeyStyles from '@/components/site/AccessKeyMark.module.css';
import { languageOf, setPageLanguage, translationsIn } from '@/lib/i18n/params';

// Nothing is rendered at build time (the build has no database). Pages without request data render
// whole (static), so a missing row answers 404, but Next.js keeps none of them
// (lib/server/next/page-cache.cjs): the server keeps what visitors get (lib/server/stored-pages.ts).
// Pages that read search parameters (lists with filters, paging, search) stream as they render.
export function generateStaticParams() {
  return [];
}

export const revalidate = 30;

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const language = await languageOf(params);
  const site = await siteInfo(language);
  return {
    title: { default: site.siteName, template: `%s | ${site.siteName}` },
    description: site.metaDescription || undefined,
    keywords: site.metaKeywords || undefined,
  };
}

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const language = await languageOf(params);
  setPageLanguage(language);
  const t = await translationsIn(language, 'site');
  // The site script (below) adds a class to <html> before the first paint.
  return (
    <html lang={htmlLang[language]} suppressHydrationWarning>
      <body>
        {/* All the script most public pages run: lib/public/site-script.ts. */}
        <script dangerouslySetInnerHTML={{ __html: siteScriptSource }} />
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <PreviewBanner language={language} />
        <SiteHeader language={language} />
        <noscript>
          <p className="noscript">{t('noscript')}</p>
        </noscript>
        <main id="main" tabIndex={-1}>
          <div className="container">
            <AccessKeyMark language={language} area="C" label={t('content.area')} className={accessKeyStyles.content} />
          </div>
          {children}
        </main>
        <SiteFooter language={language} />
      </body>
    </html>
  );
}
