import type { WireLanguage } from '@/lib/i18n/languages';
import { sourceSite, type Video } from '@/lib/public/about/videos';
import { videoPath, watchPath } from '@/lib/public/about/watch';
import { ItemImage } from '../ItemImage';
import { MembersOnlyMark } from '../MembersOnlyMark';
import styles from './about.module.css';
import { translationsIn } from '@/lib/i18n/params';
import { sitePath } from '@/lib/routing/site';

/**
 * A video in the list: the thumbnail is the play link (through the watch route, which counts the
 * view), the title leads to the video's own page. Nothing from YouTube or Vimeo loads here.
 */
export async function VideoCard({ language, video }: { language: WireLanguage; video: Video }) {
  const t = await translationsIn(language, 'about');
  const site = sourceSite(video.source);
  const playLabel = site ? t('playOn', { title: video.title, site }) : t('play', { title: video.title });
  return (
    <li id={`item-${video.id}`} className="card">
      {/* nofollow: crawlers following the link would count views. */}
      <a className={styles.thumb} href={sitePath(language, watchPath(video.id))} rel="nofollow">
        <ItemImage src={video.thumbnail} alt="" width={640} height={360} />
        <span className="visually-hidden">{playLabel}</span>
      </a>
      <div className="card__body">
        <h2 className="card__title">
          {video.membersOnly && <MembersOnlyMark language={language} />}
          <a href={sitePath(language, videoPath(video.id))}>{video.title}</a>
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
