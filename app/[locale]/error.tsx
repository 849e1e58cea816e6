'use client';

import { ErrorPage } from '@/components/site/ErrorPage';
import { usePageLanguage } from '@/components/site/public-pathname';
import form from '@/components/site/form.module.css';
import { errorMessages } from '@/lib/public/error-pages';

/** A page below app/[locale] that failed (500), inside the site's layout, in the page's language. */
export default function PageError({ retry }: { error: unknown; retry: () => void }) {
  const language = usePageLanguage();
  const t = errorMessages[language];
  return (
    <ErrorPage language={language} title={t.errorTitle} text={t.errorText}>
      <title>{t.errorTitle}</title>
      <p>
        <button type="button" className={form.button} onClick={() => retry()}>
          {t.retry}
        </button>
      </p>
    </ErrorPage>
  );
}
