import { VideoPlayer } from '@/components/site/about/VideoPlayer';
import { PublicPage } from '@/components/site/PublicPage';
import { resources } from '@/lib/content/model/registry';
import { detailPageMetadata, unlessNotFound } from '@/lib/public/metadata';
import { videoView } from '@/lib/public/about/videos';
import { videoPath } from '@/lib/public/about/watch';
import { publicRowOr404 } from '@/lib/public/detail';
import { routeHref } from '@/lib/public/links';
import { languageOf, setPageLanguage, translationsIn } from '@/lib/i18n/params';

const readVideo = async (params: PageProps<'/[locale]/about/videos/[id]'>['params']) => {
  const language = await languageOf(params);
  const row = await publicRowOr404(resources.webvision, language, (await params).id, videoPath);
  return { language, row, video: videoView(row) };
};

export const generateMetadata = unlessNotFound(async ({ params }: PageProps<'/[locale]/about/videos/[id]'>) => {
  const { language, row, video } = await readVideo(params);
  return detailPageMetadata(language, resources.webvision, row, {
    title: video.title,
    text: video.description,
    pathOf: (r) => videoPath(r.id),
  });
});

/** A video's own page: an uploaded film plays here; a YouTube or Vimeo video is one link away. */
export default async function VideoPage({ params }: PageProps<'/[locale]/about/videos/[id]'>) {
  const { language, video } = await readVideo(params);
  setPageLanguage(language);
  const t = await translationsIn(language, 'about');
  return (
    <PublicPage
      language={language}
      route="videos"
      title={video.title}
      membersOnly={video.membersOnly}
      below={[{ label: video.title, path: videoPath(video.id) }]}
    >
      <VideoPlayer language={language} video={video} />
      <p className="meta">{t('views', { count: video.clicks })}</p>
      {video.description && <p className="lead">{video.description}</p>}
      <p>
        <a className="back-link" href={routeHref(language, 'videos')}>
          {t('backToVideos')}
        </a>
      </p>
    </PublicPage>
  );
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}
