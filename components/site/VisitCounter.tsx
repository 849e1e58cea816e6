'use client';

import { usePublicPathname } from './public-pathname';
import { counterEndpoints, counterForPath, countedCookie, type CounterView } from '@/lib/public/visit-counter';

interface Props {
  /** The counts when the page was rendered: the site's (legacy count included) and the accessibility area's. */
  initial: Record<CounterView, number>;
  legacy: number;
  label: string;
  /** The page's `lang`, for the number's format. */
  lang: string;
}

/**
 * 瀏覽人次: shown from the server's count (so it is there without JavaScript), and counted once per
 * browser session by one request from the browser (lib/public/site-script.ts, which finds the
 * figure by its `data-count-*` attributes), never by rendering the page, so the HTML stays
 * cacheable and reloads are not counted. The accessibility area shows and counts its own counter.
 * A client component only to know the page it is drawn on, which the server's render gives the HTML.
 */
export function VisitCounter({ initial, legacy, label, lang }: Props) {
  const view = counterForPath(usePublicPathname());
  const format = new Intl.NumberFormat(lang);
  return (
    <div>
      <dt>{label}</dt>
      {/* The script may have shown a newer count by the time a page with React hydrates. */}
      <dd
        data-count-url={counterEndpoints[view]}
        data-count-cookie={countedCookie(view)}
        data-count-add={view === 'visit' ? legacy : 0}
        data-count-shown={initial[view]}
        data-count-group={format.formatToParts(1000).find((part) => part.type === 'group')?.value ?? ''}
        suppressHydrationWarning
      >
        {format.format(initial[view])}
      </dd>
    </div>
  );
}
