import type { ReactNode } from 'react';
import { type WireLanguage } from '@/lib/i18n/languages';
import { breadcrumbTrail } from '@/lib/public/breadcrumbs';
import { listReviewedOn } from '@/lib/public/reviews';
import { UpdatedOn } from './about/UpdatedOn';
import { Breadcrumbs } from './Breadcrumbs';
import styles from './PublicPage.module.css';
import { translationsIn } from '@/lib/i18n/params';

interface Props {
  language: WireLanguage;
  /** A route id of lib/public/routes.ts (a resource's own route included). */
  route: string;
  /** The heading; the route's own name when left out (a detail page gives its row's title). */
  title?: string;
  /** Entries below the route in the breadcrumbs, e.g. a detail page: `[{label: title, path: '/news/12'}]`. */
  below?: { label: string; path: string }[];
  /** A row for members only (lib/content/model/audience.ts), which only a signed-in Member is shown: marked so. */
  membersOnly?: boolean;
  children: ReactNode;
}

/**
 * Every public page's frame: breadcrumbs, then one h1, then the page's content; a list page of
 * content on a review cycle ends with its 「最後檢視」 date.
 */
export async function PublicPage({ language, route, title, below, membersOnly, children }: Props) {
  const t = await translationsIn(language, 'site.routes');
  const tSite = await translationsIn(language, 'site');
  const items = await breadcrumbTrail(language, route, below);
  const reviewed = below ? null : await listReviewedOn(route, language);
  return (
    <div className="container page">
      <Breadcrumbs language={language} items={items} />
      <h1 className={styles.title}>{title ?? t(route)}</h1>
      {membersOnly && (
        <p>
          <span className={`badge ${styles.membersOnly}`}>{tSite('membersOnly')}</span>
        </p>
      )}
      {children}
      <UpdatedOn language={language} label={tSite('lastReviewed')} value={reviewed} />
    </div>
  );
}
