import type { ReactNode } from 'react';

interface Props {
  /** What is (not) there, in the page's words: "No bulletins of this type yet." */
  message: string;
  /** An optional way on, e.g. a link back to the unfiltered list. */
  children?: ReactNode;
}

/** The calm block a list or search shows when it has nothing to list. */
export function EmptyState({ message, children }: Props) {
  return (
    <div className="empty-state">
      <p className="empty-state__message">{message}</p>
      {children}
    </div>
  );
}
