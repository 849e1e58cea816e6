import { notFound } from 'next/navigation';
import { firstPageOf, type ListRouteModule } from '@/components/site/ListPage';
import { hasCachedFirstPage } from '@/lib/public/first-pages';
import { siteRoutes, type RouteId } from '@/lib/public/routes';
import * as activities from '../../activities/page';
import * as bulletins from '../../bulletins/page';
import * as committees from '../../about/committees/page';
import * as education from '../../education/page';
import * as glossary from '../../glossary/page';
import * as laws from '../../laws/page';
import * as members from '../../members/page';
import * as milestones from '../../about/milestones/page';
import * as news from '../../news/page';
import * as qa from '../../qa/page';
import * as selfRegulation from '../../self-regulation/page';
import * as servicePoints from '../../service-points/page';
import * as statistics from '../../statistics/page';
import * as tests from '../../tests/page';
import * as videos from '../../about/videos/page';
import * as resourceList from '../../[route]/page';

// The one twin route of every list whose first page is cached whole (lib/public/first-pages.ts):
// proxy.ts rewrites `/tw/news` with no query string to `/first-page/news`, which renders the list
// with no query. The lists' own routes by route id; a resource's own route is the generic list.
const lists: Partial<Record<RouteId, ListRouteModule<{ locale: string }>>> = {
  activities,
  bulletins,
  committees,
  education,
  glossary,
  laws,
  members,
  milestones,
  news,
  qa,
  selfRegulation,
  servicePoints,
  statistics,
  tests,
  videos,
};

type Props = PageProps<'/[locale]/first-page/[...list]'>;

/** The list's first page that a twin path names, or a 404 (only listed lists have a twin). */
async function twinOf(params: Props['params']) {
  const { locale, list: segments } = await params;
  const path = `/${segments.join('/')}`;
  const route = hasCachedFirstPage(path) ? siteRoutes.find((r) => r.path === path && r.page !== false) : undefined;
  if (route?.resource) return firstPageOf(resourceList, { locale, route: segments[0] });
  const list = route && lists[route.id as RouteId];
  if (!list) notFound();
  return firstPageOf(list, { locale });
}

export async function generateMetadata({ params }: Props) {
  return (await twinOf(params)).generateMetadata();
}

export default async function FirstPage({ params }: Props) {
  return (await twinOf(params)).Page();
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}
