import { hasLocale } from 'next-intl';
import { toWireLanguage } from '@/lib/i18n/languages';
import { routing } from '@/lib/i18n/routing';
import { languageSwitchPath } from '@/lib/public/detail';

/**
 * `GET /{lang}/language-switch?from=/news/12`: the language switch of a row's page, whose id belongs
 * to the other language. It goes on to the row's counterpart in this language, or to the list
 * when it has none (lib/public/detail.ts); never cached, since a translation may come at any time.
 */
export async function GET(request: Request, { params }: RouteContext<'/[locale]/language-switch'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return new Response(null, { status: 404 });
  const from = new URL(request.url).searchParams.get('from') ?? '';
  const location = await languageSwitchPath(toWireLanguage(locale), from);
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}
