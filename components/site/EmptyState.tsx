import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

interface Props {
  /** What is (not) there, in the page's words: "No bulletins of this type yet." */
  message: string;
  /** An optional way on, e.g. a link back to the unfiltered list. */
  children?: ReactNode;
}

/** The calm block a list or search shows when it has nothing to list. */
export function EmptyState({ message, children }: Props) {
  return (
    <div className={`empty-state ${styles.empty}`}>
      <p className={styles.message}>{message}</p>
      {children}
    </div>
  );
}
