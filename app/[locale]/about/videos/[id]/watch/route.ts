import { languageOfLocale } from '@/lib/i18n/languages';
import { watchVideo } from '@/lib/public/about/watch';

type Context = RouteContext<'/[locale]/about/videos/[id]/watch'>;

async function answer(method: 'GET' | 'HEAD', { params }: Context): Promise<Response> {
  const { locale, id } = await params;
  const language = languageOfLocale(locale);
  if (!language) return new Response(null, { status: 404 });
  return watchVideo(language, id, method);
}

/** The play link of a video: counts one view, then goes to the player (lib/public/about/watch.ts). */
export const GET = (_request: Request, context: Context) => answer('GET', context);
export const HEAD = (_request: Request, context: Context) => answer('HEAD', context);
