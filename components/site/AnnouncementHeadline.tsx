import { isSameSiteDay } from '@/lib/public/dates';
import type { WireLanguage } from '@/lib/i18n/languages';
import type { AnnouncementSummary } from '@/lib/public/announcements';
import { DateText } from './DateText';
import { MembersOnlyMark } from './MembersOnlyMark';
import { translationsIn } from '@/lib/i18n/params';

interface Props {
  language: WireLanguage;
  item: AnnouncementSummary;
  href: string;
  /** h2 on a list page, h3 in a home page section. */
  level: 2 | 3;
  /** Activities show when they take place; news and bulletins when they were published. */
  timed: boolean;
  typeName?: string | null;
}

/**
 * An item's linked title (with its pinned and members-only marks) and its meta line: date or time
 * span, place, type.
 */
export async function AnnouncementHeadline({ language, item, href, level, timed, typeName }: Props) {
  const [t, tSite] = await Promise.all([
    translationsIn(language, 'site.announcements'),
    translationsIn(language, 'site'),
  ]);
  const colon = tSite('colon');
  const Heading = `h${level}` as const;
  return (
    <>
      <Heading className="list-item__title">
        {item.isPinned && (
          <>
            <span className="badge">{t('pinned')}</span>{' '}
          </>
        )}
        {item.membersOnly && <MembersOnlyMark language={language} />}
        <a href={href}>{item.title}</a>
      </Heading>
      <p className="list-item__meta">
        {timed && item.startAt ? (
          <span>
            <span className="visually-hidden">
              {t('eventTime')}
              {colon}
            </span>
            <DateText language={language} value={item.startAt} style="datetime" />
            {item.endAt && (
              <>
                {' – '}
                <DateText
                  language={language}
                  value={item.endAt}
                  style={isSameSiteDay(item.startAt, item.endAt) ? 'time' : 'datetime'}
                />
              </>
            )}
          </span>
        ) : (
          <span>
            <span className="visually-hidden">
              {t('published')}
              {colon}
            </span>
            <DateText language={language} value={item.publishAt} />
          </span>
        )}
        {item.location && (
          <span>
            <span className="visually-hidden">
              {t('location')}
              {colon}
            </span>
            {item.location}
          </span>
        )}
        {typeName && <span className="tag">{typeName}</span>}
      </p>
    </>
  );
}
