import type { Headline } from '@/lib/public/home';

interface Props {
  items: Headline[];
  emptyText: string;
  pinnedText: string;
  dateLabel: string;
  dateFormat: Intl.DateTimeFormat;
}

/** A list of dated headlines with an accessible date and pinned mark. */
export function HeadlineList({ items, emptyText, pinnedText, dateLabel, dateFormat }: Props) {
  if (items.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className="headlines">
      {items.map((item) => (
        <li key={item.id} className="headline">
          <h3 className="headline__title">
            {item.isPinned && <span className="badge">{pinnedText}</span>} {item.title}
          </h3>
          <p className="headline__meta">
            <span className="visually-hidden">{dateLabel}: </span>
            <time dateTime={item.publishAt.toISOString()}>{dateFormat.format(item.publishAt)}</time>
          </p>
          {item.summary && <p className="headline__summary">{item.summary}</p>}
        </li>
      ))}
    </ul>
  );
}
