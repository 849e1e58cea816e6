'use client';

import { useTranslations } from 'next-intl';
import { pageLinks } from '@/lib/admin/pager';
import { AddressLink } from './AddressLink';

/** Page links (at most 7) with previous and next; `href(page)` builds each: the same screen (AddressLink). */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const t = useTranslations('admin.pager');
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={t('label')}>
      <p className="visually-hidden">{t('status', { page, pages })}</p>
      <ul>
        <li>
          {page > 1 ? (
            <AddressLink href={href(page - 1)}>{t('previous')}</AddressLink>
          ) : (
            <span aria-disabled="true">{t('previous')}</span>
          )}
        </li>
        {pageLinks(page, pages).map((n) => (
          <li key={n}>
            <AddressLink
              href={href(n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('page', { page: n })}
            >
              {n}
            </AddressLink>
          </li>
        ))}
        <li>
          {page < pages ? (
            <AddressLink href={href(page + 1)}>{t('next')}</AddressLink>
          ) : (
            <span aria-disabled="true">{t('next')}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
