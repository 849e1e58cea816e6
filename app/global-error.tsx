'use client';

import { usePathname } from 'next/navigation';
import { ErrorPage } from '@/components/site/ErrorPage';
import { htmlLang } from '@/lib/i18n/languages';
import { errorMessages, languageOfPath } from '@/lib/public/error-pages';
import './[locale]/globals.css';

/**
 * A failure of a root layout itself (the site's or the back office's): no layout is left to give
 * the frame, so this page is its own document, in the language of its path.
 */
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  const language = languageOfPath(usePathname());
  const t = errorMessages[language];
  return (
    <html lang={htmlLang[language]}>
      <body>
        <main id="main">
          <title>{t.errorTitle}</title>
          <ErrorPage language={language} title={t.errorTitle} text={t.errorText}>
            <p>
              <button type="button" onClick={() => retry()}>
                {t.retry}
              </button>
            </p>
          </ErrorPage>
        </main>
      </body>
    </html>
  );
}
