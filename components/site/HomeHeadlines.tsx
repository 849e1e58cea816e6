import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/languages';
import type { AnnouncementSummary } from '@/lib/public/announcements';
import { DateText } from './DateText';
import { EmptyState } from './EmptyState';

interface Props {
  locale: Locale;
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
export async function HomeHeadlines({ locale, id, title, listPath, moreText, emptyText, items, dated }: Props) {
  const t = await getTranslations({ locale, namespace: 'site.announcements' });
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="home-section__head">
        <h2 id={id}>{title}</h2>
        <a href={listPath}>{moreText}</a>
      </div>
      {items.length === 0 ? (
        <EmptyState message={emptyText} />
      ) : (
        <ul className="list">
          {items.map((item) => (
            <li key={item.id} className="list-item">
              <h3 className="list-item__title">
                {item.isPinned && (
                  <>
                    <span className="badge">{t('pinned')}</span>{' '}
                  </>
                )}
                <a href={`${listPath}/${item.id}`}>{item.title}</a>
              </h3>
              <p className="list-item__meta">
                <span>
                  <span className="visually-hidden">{dated === 'startAt' ? t('eventTime') : t('published')}: </span>
                  <DateText locale={locale} value={dated === 'startAt' ? item.startAt : item.publishAt} style={dated === 'startAt' ? 'datetime' : 'date'} />
                </span>
                {item.location && <span>{item.location}</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
