'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { pageLinks } from '@/lib/admin/pager';

/** Page links (at most 7) with previous and next; `href(page)` builds each link. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const t = useTranslations('admin.pager');
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={t('label')}>
      <p className="visually-hidden">{t('status', { page, pages })}</p>
      <ul>
        <li>
          {page > 1 ? (
            <Link href={href(page - 1)}>{t('previous')}</Link>
          ) : (
            <span aria-disabled="true">{t('previous')}</span>
          )}
        </li>
        {pageLinks(page, pages).map((n) => (
          <li key={n}>
            <Link href={href(n)} aria-current={n === page ? 'page' : undefined} aria-label={t('page', { page: n })}>
              {n}
            </Link>
          </li>
        ))}
        <li>
          {page < pages ? (
            <Link href={href(page + 1)}>{t('next')}</Link>
          ) : (
            <span aria-disabled="true">{t('next')}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
