import { isMembersOnly } from '../../content/model/audience';
import { resources } from '../../content/model/registry';
import type { Row } from '../../content/model/rows';
import type { Section } from '../../content/model/sections';
import { addClick } from '../../content/storage/video-clicks';
import type { WireLanguage } from '../../i18n/languages';
import { optionalText, publicList, type PublicList } from '../lists';

/**
 * Where a video plays. YouTube and Vimeo are never embedded on our pages (no third-party request
 * on page load, for speed and privacy): the visitor follows a link to them. An uploaded file
 * (`/uploads/…`) plays in a `<video>` element on the video's own page.
 */
type VideoSource =
  | { kind: 'youtube'; videoId: string; url: string }
  | { kind: 'vimeo'; videoId: string; url: string }
  | { kind: 'file'; url: string }
  | { kind: 'link'; url: string };

/** Recognises YouTube (watch, youtu.be, embed, shorts) and Vimeo addresses and uploaded files. */
export function videoSource(address: string): VideoSource {
  if (address.startsWith('/uploads/')) return { kind: 'file', url: address };
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { kind: 'link', url: address };
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  const youtubeId =
    host === 'youtu.be'
      ? url.pathname.slice(1)
      : host === 'youtube.com' || host === 'youtube-nocookie.com'
        ? url.pathname === '/watch'
          ? url.searchParams.get('v')
          : /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[1]
        : undefined;
  if (youtubeId && /^[\w-]{6,20}$/.test(youtubeId))
    return { kind: 'youtube', videoId: youtubeId, url: `https://www.youtube.com/watch?v=${youtubeId}` };
  const vimeoId =
    host === 'vimeo.com'
      ? /^\/(\d+)/.exec(url.pathname)?.[1]
      : host === 'player.vimeo.com'
        ? /^\/video\/(\d+)/.exec(url.pathname)?.[1]
        : undefined;
  if (vimeoId) return { kind: 'vimeo', videoId: vimeoId, url: `https://vimeo.com/${vimeoId}` };
  return { kind: 'link', url: address };
}

export interface Video {
  id: number;
  category: number;
  title: string;
  description?: string;
  source: VideoSource;
  /** Upload id of the thumbnail. */
  thumbnail?: string;
  clicks: number;
  /** For signed-in Members only (lib/content/model/audience.ts). */
  membersOnly: boolean;
}

const definition = resources.webvision;

export const videoView = (row: Row): Video => ({
  id: Number(row.id),
  category: Number(row.category),
  title: String(row.title ?? ''),
  description: optionalText(row.description),
  source: videoSource(String(row.videoUrl ?? '')),
  thumbnail: optionalText(row.thumbnail),
  clicks: Number(row.clicks ?? 0),
  membersOnly: isMembersOnly(row),
});

/** A page of videos of one category (`?type=`) or of all, in order. */
export function videos(
  language: WireLanguage,
  options: { category?: Section; page: number },
): Promise<PublicList<Video>> {
  return publicList(
    definition,
    language,
    { filters: options.category ? { category: options.category.value } : {}, page: options.page },
    videoView,
  );
}

/**
 * Adds one view to a video the visitor may see, as webvision/post/{id} does: one statement, so
 * parallel views are never lost, and `updatedAt` stays (a view is not a change). Returns the video
 * with its new count, or null when there is no such public video in this language.
 */
export async function recordView(language: WireLanguage, id: number): Promise<Video | null> {
  const row = await addClick({ language, publicOnly: true }, id);
  return row ? videoView(row) : null;
}

/** Where the watch link leads after counting: the external player, or null for the video's own page. */
export const externalPlayer = (video: Video): string | null => (video.source.kind === 'file' ? null : video.source.url);

/**
 * The name of the site a video plays on (YouTube, Vimeo, or the host of another address); none for an uploaded file.
 */
export function sourceSite(source: VideoSource): string | undefined {
  if (source.kind === 'youtube') return 'YouTube';
  if (source.kind === 'vimeo') return 'Vimeo';
  if (source.kind === 'file') return undefined;
  try {
    return new URL(source.url).hostname.replace(/^www\./, '');
  } catch {
    return undefined;
  }
}
