'use client';

import { useEffect, useState } from 'react';
import { usePublicPathname } from './public-pathname';
import { counterForPath, countOncePerSession, type CounterView } from '@/lib/public/visit-counter';

interface Props {
  /** The counts when the page was rendered: the site's (legacy count included) and the accessibility area's. */
  initial: Record<CounterView, number>;
  legacy: number;
  label: string;
  locale: string;
}

/**
 * 瀏覽人次: shown from the server's count (so it is there without JavaScript), and counted once per
 * browser session by one request from the browser, never by rendering the page, so the HTML stays
 * cacheable and reloads are not counted. The accessibility area shows and counts its own counter.
 */
export function VisitCounter({ initial, legacy, label, locale }: Props) {
  const view = counterForPath(usePublicPathname());
  const [counted, setCounted] = useState<Partial<Record<CounterView, number>>>({});
  useEffect(() => {
    let cancelled = false;
    countOncePerSession(view, document, fetch).then((count) => {
      if (count !== null && !cancelled)
        setCounted((previous) => ({ ...previous, [view]: view === 'visit' ? count + legacy : count }));
    });
    return () => {
      cancelled = true;
    };
  }, [view, legacy]);
  const value = Math.max(counted[view] ?? 0, initial[view]);
  return (
    <div>
      <dt>{label}</dt>
      <dd>{new Intl.NumberFormat(locale).format(value)}</dd>
    </div>
  );
}
