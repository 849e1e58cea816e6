import type { ReactNode } from 'react';
import styles from './members.module.css';

/** "Label: value" lines (address, phone, website…); lines without a value are left out. */
export function ContactLines({ lines, colon }: { lines: [label: string, value: ReactNode][]; colon: string }) {
  const shown = lines.filter(([, value]) => value !== undefined && value !== null && value !== '' && value !== false);
  if (shown.length === 0) return null;
  return (
    <ul className={styles.contact}>
      {shown.map(([label, value]) => (
        <li key={label}>
          {label}
          {colon}
          {value}
        </li>
      ))}
    </ul>
  );
}
