import { feedChannel, parseFeed, rssXml } from '@/lib/public/feeds';

/** `/feeds/{tw|en}/{news|bulletins}.xml`: RSS 2.0 of the newest public rows. */
export async function GET(_request: Request, { params }: RouteContext<'/feeds/[language]/[feed]'>) {
  const { language, feed } = await params;
  const parsed = parseFeed(language, feed);
  if (!parsed)
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(rssXml(await feedChannel(parsed.language, parsed.kind)), {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'no-cache' },
  });
}
