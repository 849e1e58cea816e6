import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/languages';
import { sourceSite, type Video } from '@/lib/public/about/videos';
import { videoPath, watchPath } from '@/lib/public/about/watch';
import { pathHref } from '@/lib/public/links';
import { ItemImage } from '../ItemImage';
import { MembersOnlyMark } from '../MembersOnlyMark';
import styles from './about.module.css';

/**
 * A video in the list: the thumbnail is the play link (through the watch route, which counts the
 * view), the title leads to the video's own page. Nothing from YouTube or Vimeo loads here.
 */
export async function VideoCard({ locale, video }: { locale: Locale; video: Video }) {
  const t = await getTranslations({ locale, namespace: 'about' });
  const site = sourceSite(video.source);
  const playLabel = site ? t('playOn', { title: video.title, site }) : t('play', { title: video.title });
  return (
    <li id={`item-${video.id}`} className="card">
      {/* nofollow: crawlers following the link would count views. */}
      <a className={styles.thumb} href={pathHref(locale, watchPath(video.id))} rel="nofollow">
        <ItemImage src={video.thumbnail} alt="" width={640} height={360} />
        <span className="visually-hidden">{playLabel}</span>
      </a>
      <div className="card__body">
        <h2 className="card__title">
          {video.membersOnly && <MembersOnlyMark locale={locale} />}
          <a href={pathHref(locale, videoPath(video.id))}>{video.title}</a>
        </h2>
        <p className="card__meta">
          {t('views', { count: video.clicks })}
          {site && ` · ${site}`}
        </p>
        {video.description && <p className="card__text">{video.description}</p>}
      </div>
    </li>
  );
}
