import { glossaryInitials } from '@/lib/public/info/glossary';
import styles from './info.module.css';

interface Props {
  label: string;
  allLabel: string;
  otherLabel: string;
  /** Read for a letter link: "Terms starting with {initial}". */
  letterLabel: (initial: string) => string;
  current: string | undefined;
  href: (initial: string | undefined) => string;
}

/** The glossary's A–Z index as plain links: each letter lists the terms filed under it; `#` the rest. */
export function GlossaryIndex({ label, allLabel, otherLabel, letterLabel, current, href }: Props) {
  return (
    <nav aria-label={label}>
      <ul className={styles.index}>
        <li>
          <a href={href(undefined)} aria-current={current === undefined ? 'page' : undefined}>
            {allLabel}
          </a>
        </li>
        {glossaryInitials.map((initial) => (
          <li key={initial}>
            <a
              href={href(initial)}
              aria-current={current === initial ? 'page' : undefined}
              aria-label={initial === '#' ? otherLabel : letterLabel(initial)}
            >
              {initial}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
