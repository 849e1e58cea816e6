'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, type ReactNode } from 'react';

let firstScreen = true;

/**
 * A screen's heading and the document title. After an in-app navigation the heading takes the
 * focus, so keyboard and screen-reader users start at the new screen rather than in the menu.
 */
export function ScreenTitle({ title, children }: { title: string; children?: ReactNode }) {
  const t = useTranslations('admin');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const wanted = `${title} | ${t('title')}`;
    const keep = () => {
      if (document.title !== wanted) document.title = wanted;
    };
    keep();
    // A filter's new query string is an in-app navigation to the same screen: Next puts the route's
    // own title ("Back office") back after it, so the screen's title is put back in turn.
    const observer = new MutationObserver(keep);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [title, t]);
  useEffect(() => {
    if (firstScreen) firstScreen = false;
    else heading.current?.focus();
  }, []);
  return (
    <div className="admin-screen-head">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}
