import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/languages';
import { breadcrumbTrail } from '@/lib/public/breadcrumbs';
import { Breadcrumbs } from './Breadcrumbs';
import styles from './PublicPage.module.css';

interface Props {
  locale: Locale;
  /** A route id of lib/public/routes.ts (a resource's own route included). */
  route: string;
  /** The heading; the route's own name when left out (a detail page gives its row's title). */
  title?: string;
  /** Entries below the route in the breadcrumbs, e.g. a detail page: `[{label: title, path: '/news/12'}]`. */
  below?: { label: string; path: string }[];
  children: ReactNode;
}

/** Every public page's frame: breadcrumbs, then one h1, then the page's content. */
export async function PublicPage({ locale, route, title, below, children }: Props) {
  const t = await getTranslations({ locale, namespace: 'site.routes' });
  const items = await breadcrumbTrail(locale, route, below);
  return (
    <div className="container page">
      <Breadcrumbs locale={locale} items={items} />
      <h1 className={styles.title}>{title ?? t(route)}</h1>
      {children}
    </div>
  );
}
