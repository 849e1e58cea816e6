import { languageOfLocale } from '@/lib/i18n/languages';
import { openDataFile } from '@/lib/public/open-data';

/** `/{lang}/open-data/{dataset}.csv|.json`: one open dataset, streamed (lib/public/open-data.ts). */
export async function GET(_request: Request, { params }: RouteContext<'/[locale]/open-data/[file]'>) {
  const { locale, file } = await params;
  const language = languageOfLocale(locale);
  if (!language) return new Response(null, { status: 404 });
  return openDataFile(language, file);
}
