'use client';

import { useCallback, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * Moves a screen to another state of itself (a page, an order, filters) that it reads from its
 * address in the browser (useSearchParams, which Next.js keeps in step with the History API): the
 * address changes at once. A router navigation would first wait for the server to render the screen
 * again, queued behind the menu's link prefetches, while the click seems lost. Returns whether the
 * address changed.
 */
export function useAddressChange(): (href: string, options?: { replace?: boolean }) => boolean {
  return useCallback((href, { replace = false } = {}) => {
    if (href === `${window.location.pathname}${window.location.search}`) return false;
    if (replace) window.history.replaceState(null, '', href);
    else window.history.pushState(null, '', href);
    return true;
  }, []);
}

/**
 * A link to another state of the same screen (useAddressChange): a plain link without JavaScript, or
 * when opened in a new tab or window.
 */
export function AddressLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const change = useAddressChange();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || modified) return;
    event.preventDefault();
    change(href);
  };
  return <a href={href} onClick={click} {...rest} />;
}
