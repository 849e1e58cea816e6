import { hasLocale } from 'next-intl';
import { toWireLanguage } from '@/lib/i18n/languages';
import { routing } from '@/lib/i18n/routing';
import { openDataFile } from '@/lib/public/open-data';

/** `/{lang}/open-data/{dataset}.csv|.json`: one open dataset, streamed (lib/public/open-data.ts). */
export async function GET(_request: Request, { params }: RouteContext<'/[locale]/open-data/[file]'>) {
  const { locale, file } = await params;
  if (!hasLocale(routing.locales, locale)) return new Response(null, { status: 404 });
  return openDataFile(toWireLanguage(locale), file);
}
