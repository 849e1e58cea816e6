import type { ReactNode } from 'react';
import { ItemImage } from '../ItemImage';

interface ListEntry {
  id: number;
  title: string;
  href: string;
  image?: unknown;
  meta?: ReactNode;
  summary?: string | null;
  /** Before the title: the members-only mark (components/site/MembersOnlyMark.tsx). */
  badge?: ReactNode;
}

/**
 * A list of items that each open a detail page: title link, optional image (decorative, the title
 * beside it says the same), facts and summary; `#item-{id}` for links to an entry.
 */
export function ItemList({ entries, headingLevel = 2 }: { entries: ListEntry[]; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="list">
      {entries.map((entry) => (
        <li
          key={entry.id}
          id={`item-${entry.id}`}
          className={entry.image ? 'list-item list-item--with-image' : 'list-item'}
        >
          {entry.image ? <ItemImage src={entry.image} alt="" width={160} height={90} /> : null}
          <div>
            <Heading className="list-item__title">
              {entry.badge}
              <a href={entry.href}>{entry.title}</a>
            </Heading>
            {entry.meta}
            {entry.summary && <p className="list-item__summary">{entry.summary}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
