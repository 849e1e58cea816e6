'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';

/**
 * The link a click would follow away from this page inside the app, or null (another tab, a
 * download, a modified click, a jump within the page, another site: the browser's own
 * `beforeunload` prompt covers leaving the app).
 */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(target instanceof HTMLAnchorElement)) return null;
  if ((target.target && target.target !== '_self') || target.hasAttribute('download')) return null;
  const url = new URL(target.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
  return samePage && url.hash ? null : target;
}

/**
 * While `dirty`, warns before the changes are lost: the browser asks on reload, close or typed
 * address (`beforeunload`), and in-app links (the menu, breadcrumbs, Next's `<Link>`) ask first and
 * stay put when the user declines. The click is caught on the way down (capture), before React's
 * handlers, so a declined link never starts client-side navigation.
 */
export function useUnsavedChangesWarning(dirty: boolean): void {
  const t = useTranslations('adminForm');
  const question = t('unsavedChanges');
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their (fixed-text) prompt.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!leavingLink(event)) return;
      if (window.confirm(question)) {
        // Agreed once: a link that loads a whole page should not ask a second time.
        window.removeEventListener('beforeunload', onBeforeUnload);
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, question]);
}
