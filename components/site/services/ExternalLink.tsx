import type { ReactNode } from 'react';

interface Props {
  href: string;
  /** Said after the link text to screen readers, e.g. "(external site)". */
  note: string;
  className?: string;
  children: ReactNode;
}

/**
 * A link to another site: opened in the same tab (so no surprise), and `noopener noreferrer` so the
 * other site neither controls this page nor learns where the visitor came from.
 */
export function ExternalLink({ href, note, className, children }: Props) {
  return (
    <a href={href} rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden"> {note}</span>
    </a>
  );
}
