import type { WireLanguage } from '@/lib/i18n/languages';
import { imageUrl } from '@/lib/public/attachments';
import { sourceSite, type Video } from '@/lib/public/about/videos';
import { watchPath } from '@/lib/public/about/watch';
import { ItemImage } from '../ItemImage';
import styles from './about.module.css';
import form from '../form.module.css';
import { translationsIn } from '@/lib/i18n/params';
import { sitePath } from '@/lib/routing/site';

/**
 * An uploaded film plays in `<video controls>` (nothing loads until the visitor presses play);
 * a YouTube or Vimeo video shows its thumbnail and a link through the counting watch route.
 */
export async function VideoPlayer({ language, video }: { language: WireLanguage; video: Video }) {
  const t = await translationsIn(language, 'about');
  if (video.source.kind === 'file') {
    const poster = (await imageUrl(video.thumbnail)) ?? undefined;
    return (
      <video className={styles.player} controls preload="none" poster={poster} aria-label={video.title}>
        <source src={video.source.url} type="video/mp4" />
        <p>
          {t('noVideoSupport')} <a href={video.source.url}>{t('download')}</a>
        </p>
      </video>
    );
  }
  const site = sourceSite(video.source) ?? t('external');
  return (
    <>
      <a className={`${styles.thumb} ${styles.player}`} href={sitePath(language, watchPath(video.id))} rel="nofollow">
        <ItemImage src={video.thumbnail} alt="" width={640} height={360} priority />
        <span className="visually-hidden">{t('playOn', { title: video.title, site })}</span>
      </a>
      <p>
        <a className={form.button} href={sitePath(language, watchPath(video.id))} rel="nofollow">
          {t('watchOn', { site })}
        </a>
      </p>
    </>
  );
}
