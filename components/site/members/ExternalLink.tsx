import type { ReactNode } from 'react';

/** A link to another website: no referrer, no access to this page (it opens in the same tab). */
export function ExternalLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} rel="noopener noreferrer" className="external-link">
      {children ?? href.replace(/^https?:\/\//, '').replace(/\/$/, '')}
    </a>
  );
}
