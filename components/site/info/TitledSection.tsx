import type { ReactNode } from 'react';

interface Props {
  /** The section's anchor; its heading gets `{id}-title`. */
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}

/** A part of a page under an h2 that names it (the section is a region named by its heading). */
export function TitledSection({ id, title, className, children }: Props) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
