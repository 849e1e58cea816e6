import { isMembersOnly } from '@/lib/content/model/audience';
import type { Field } from '@/lib/content/model/fields';
import { type WireLanguage } from '@/lib/i18n/languages';
import { announcementKinds, neighbours, typeName, type AnnouncementKindName } from '@/lib/public/announcements';
import { summaryText } from '@/lib/public/text';
import { announcementRow } from '@/lib/public/announcement-pages';
import { imageUrl } from '@/lib/public/attachments';
import { route } from '@/lib/public/routes';
import { siteInfo } from '@/lib/public/site';
import { eventJsonLd, newsArticleJsonLd } from '@/lib/public/structured-data';
import { routeHref } from '@/lib/public/links';
import { activitySignUp } from '@/lib/public/registration/state';
import { Attachments } from './Attachments';
import { DateText } from './DateText';
import { ItemImage } from './ItemImage';
import { JsonLd } from './JsonLd';
import { PublicPage } from './PublicPage';
import { RichText } from './RichText';
import { SignUpSection } from './registration/SignUpState';
import styles from './AnnouncementDetail.module.css';
import { translationsIn } from '@/lib/i18n/params';
import { sitePath } from '@/lib/routing/site';

interface Props {
  language: WireLanguage;
  name: AnnouncementKindName;
  id: string;
}

/** A news item, bulletin or activity: meta line, details, image, rich text, attachments, neighbours, JSON-LD. */
export async function AnnouncementDetail({ language, name, id }: Props) {
  const kind = announcementKinds[name];
  const row = await announcementRow(name, language, id);
  const [t, siteT, routes, site, type, image, around] = await Promise.all([
    translationsIn(language, 'site.announcements'),
    translationsIn(language, 'site'),
    translationsIn(language, 'site.routes'),
    siteInfo(language),
    typeName(kind, language, row.typeId),
    imageUrl(row.image),
    neighbours(kind, language, row),
  ]);
  // An activity that takes sign-ups here says how they stand (the page is purged when its seats change).
  const signUp = name === 'activities' ? await activitySignUp(language, String(row.id)) : null;
  const tRegistration = await translationsIn(language, 'registration');
  const colon = siteT('colon');
  const title = row.title ?? '';
  const listPath = routeHref(language, kind.route);
  const path = `${route(kind.route).path}/${row.id}`;
  const url = sitePath(language, path);
  const description = summaryText(row, 300);
  const structured =
    kind.schemaType === 'Event'
      ? eventJsonLd(
          {
            name: title,
            url,
            description,
            start: row.startAt!,
            end: row.endAt ?? null,
            location: row.location ?? '',
            organizer: row.organizer ?? '',
            image,
            registrationUrl: row.registrationUrl ?? '',
            language,
          },
          site,
        )
      : newsArticleJsonLd(
          {
            title,
            url,
            description,
            published: row.publishAt,
            modified: row.updatedAt,
            image,
            language,
            section: type,
          },
          site,
        );
  const fields: Record<string, Field> = kind.definition.fields;
  return (
    <PublicPage
      language={language}
      route={kind.route}
      title={title}
      below={[{ label: title, path }]}
      membersOnly={isMembersOnly(row)}
    >
      <article>
        <p className="detail-meta">
          <span>
            {t('published')}
            {colon}
            <DateText language={language} value={row.publishAt} />
          </span>
          {type && <span className="tag">{type}</span>}
          {row.isPinned === true && <span className="badge">{t('pinned')}</span>}
        </p>
        {kind.detailFields.length > 0 && (
          <dl className="definition-list">
            {kind.detailFields.map((key) => {
              const value = row[key];
              if (value === null || value === undefined || value === '') return null;
              const f = fields[key];
              return (
                <div key={key}>
                  <dt>{f.label[language]}</dt>
                  <dd>
                    {value instanceof Date ? (
                      <DateText language={language} value={value} style={f.kind === 'date' ? 'date' : 'datetime'} />
                    ) : f.kind === 'text' && f.format === 'url' ? (
                      <a href={String(value)} rel="noopener noreferrer">
                        {String(value)}
                      </a>
                    ) : (
                      String(value)
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        )}
        {typeof row.summary === 'string' && row.summary && <p className="lead">{row.summary}</p>}
        {image && (
          <figure className="detail-image">
            <ItemImage src={row.image} alt={title} language={language} priority />
          </figure>
        )}
        <RichText language={language} html={row.content} />
        <Attachments language={language} files={row.files} />
        {name === 'activities' && (
          <p>
            <a href={`${url}/calendar.ics`}>{tRegistration('addToCalendar')}</a>
          </p>
        )}
        {signUp && <SignUpSection language={language} state={signUp.state} formPath={`${url}/register`} />}
      </article>
      {(around.next || around.previous) && (
        <nav className={styles.prevNext} aria-label={t('neighbours')}>
          {around.next ? (
            <a href={`${listPath}/${around.next.id}`}>
              <span className={styles.label}>{t('newer')}</span>
              {around.next.title}
            </a>
          ) : (
            <span />
          )}
          {around.previous && (
            <a href={`${listPath}/${around.previous.id}`} className={styles.next}>
              <span className={styles.label}>{t('older')}</span>
              {around.previous.title}
            </a>
          )}
        </nav>
      )}
      <a href={listPath} className="back-link">
        {t('backToList', { list: routes(kind.route) })}
      </a>
      {/* A page for members only tells search engines nothing. */}
      {!isMembersOnly(row) && <JsonLd data={structured} />}
    </PublicPage>
  );
}
