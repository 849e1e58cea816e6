import { languageOfLocale } from '@/lib/i18n/languages';
import { languageSwitchPath } from '@/lib/public/detail';

/**
 * `GET /{lang}/language-switch?from=/news/12`: the language switch of a row's page, whose id belongs
 * to the other language. It goes on to the row's counterpart in this language, or to the list
 * when it has none (lib/public/detail.ts); never cached, since a translation may come at any time.
 */
export async function GET(request: Request, { params }: RouteContext<'/[locale]/language-switch'>) {
  const language = languageOfLocale((await params).locale);
  if (!language) return new Response(null, { status: 404 });
  const from = new URL(request.url).searchParams.get('from') ?? '';
  const location = await languageSwitchPath(language, from);
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}
