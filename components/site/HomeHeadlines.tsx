import type { WireLanguage } from '@/lib/i18n/languages';
import type { AnnouncementSummary } from '@/lib/public/announcements';
import { AnnouncementHeadline } from './AnnouncementHeadline';
import { EmptyState } from './EmptyState';
import home from './home.module.css';

interface Props {
  language: WireLanguage;
  /** The section's id, also its heading's id. */
  id: string;
  title: string;
  /** The list page: `/tw/news`. */
  listPath: string;
  moreText: string;
  emptyText: string;
  items: AnnouncementSummary[];
  /** Activities show their start time; the others their publication date. */
  dated: 'publishAt' | 'startAt';
}

/** A home page section: a heading with a "more" link and the newest items as links to their pages. */
export function HomeHeadlines({ language, id, title, listPath, moreText, emptyText, items, dated }: Props) {
  return (
    <section className={home.section} aria-labelledby={id}>
      <div className={home.sectionHead}>
        <h2 id={id}>{title}</h2>
        <a href={listPath}>{moreText}</a>
      </div>
      {items.length === 0 ? (
        <EmptyState message={emptyText} />
      ) : (
        <ul className="list">
          {items.map((item) => (
            <li key={item.id} className="list-item">
              <AnnouncementHeadline
                language={language}
                item={item}
                href={`${listPath}/${item.id}`}
                level={3}
                timed={dated === 'startAt'}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
