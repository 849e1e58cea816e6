import { resources } from '../../content/model/registry';
import { getRow } from '../../content/storage/row-reads';
import type { WireLanguage } from '../../i18n/languages';
import { sitePath } from '../../routing/site';
import { itemPath } from '../routes';
import { externalPlayer, recordView, videoView, type Video } from './videos';

/** The path of a video's own page, and of the link that counts a view before playing it. */
export const videoPath = (id: number) => itemPath('videos', id);
export const watchPath = (id: number) => `${videoPath(id)}/watch`;

function redirectTo(language: WireLanguage, video: Video): Response {
  const location = externalPlayer(video) ?? sitePath(language, videoPath(video.id));
  // Never cached: each follow of the link must reach us and count once.
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}

/** No such video: its page, which answers the site's 404 in its frame (a route handler has no frame to send). */
const toVideoPage = (language: WireLanguage, idText: string) =>
  new Response(null, {
    status: 303,
    headers: {
      location: sitePath(language, itemPath('videos', encodeURIComponent(idText))),
      'cache-control': 'no-store',
    },
  });

/**
 * `GET /{lang}/about/videos/{id}/watch`: the play link of a video, which works without JavaScript.
 * It adds one view (webvision/post/{id} semantics) and sends the visitor on to YouTube or Vimeo,
 * or to the video's own page where an uploaded file plays. A HEAD request (link checkers,
 * previews) is answered the same way without counting.
 */
export async function watchVideo(
  language: WireLanguage,
  idText: string,
  method: 'GET' | 'HEAD' = 'GET',
): Promise<Response> {
  if (!/^\d{1,9}$/.test(idText)) return toVideoPage(language, idText);
  const id = Number(idText);
  if (method === 'HEAD') {
    const row = await getRow(resources.webvision, { language, publicOnly: true }, id);
    return row ? redirectTo(language, videoView(row)) : toVideoPage(language, idText);
  }
  const video = await recordView(language, id);
  return video ? redirectTo(language, video) : toVideoPage(language, idText);
}
