import type { WireLanguage } from '@/lib/i18n/languages';
import { pageCount, pageWindow } from '@/lib/public/paging';
import styles from './Pager.module.css';
import { translationsIn } from '@/lib/i18n/params';

interface Props {
  language: WireLanguage;
  /** The page shown (already clamped to the real range). */
  page: number;
  total: number;
  pageSize: number;
  /** The URL of a page, keeping the list's other search parameters. */
  href: (page: number) => string;
}

/** Plain links (no script needed) to at most 7 pages around the current one, with previous and next. */
export async function Pager({ language, page, total, pageSize, href }: Props) {
  const last = pageCount(total, pageSize);
  if (last <= 1) return null;
  const t = await translationsIn(language, 'site.pager');
  const pages = pageWindow(page, last);
  return (
    <nav className={`pager ${styles.pager}`} aria-label={t('label')}>
      <ul>
        {page > 1 && (
          <li>
            <a href={href(page - 1)} rel="prev">
              {t('previous')}
            </a>
          </li>
        )}
        {pages.map((n) => (
          <li key={n}>
            {n === page ? (
              <a href={href(n)} aria-current="page" aria-label={t('page', { page: n })}>
                {n}
              </a>
            ) : (
              <a href={href(n)} aria-label={t('page', { page: n })}>
                {n}
              </a>
            )}
          </li>
        ))}
        {page < last && (
          <li>
            <a href={href(page + 1)} rel="next">
              {t('next')}
            </a>
          </li>
        )}
      </ul>
      <p className={`pager__status ${styles.status}`}>{t('status', { page, last, total })}</p>
    </nav>
  );
}
