import { resources } from '../content/model/registry';
import { listRows } from '../content/storage/list-reads';
import type { WireLanguage } from '../i18n/languages';
import { announcementKinds, latestAnnouncements, type AnnouncementSummary } from './announcements';
import type { RouteId } from './routes';

interface SpecialZone {
  id: number;
  name: string;
  description: string;
  banner: string | null;
}

interface HomeContent {
  news: AnnouncementSummary[];
  bulletins: AnnouncementSummary[];
  activities: AnnouncementSummary[];
  zones: SpecialZone[];
}

/** The special zones in their set order (the home page's cards linking to `/special/{id}`). */
async function specialZones(language: WireLanguage, limit: number): Promise<SpecialZone[]> {
  const { rows } = await listRows(
    resources.webspecialgroup,
    { language, publicOnly: true },
    { filters: {}, sort: [{ field: 'order', direction: 'asc' }], page: 1, pageSize: limit },
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: String(row.name ?? ''),
    description: String(row.description ?? ''),
    banner: typeof row.banner === 'string' ? row.banner : null,
  }));
}

/** Everything the home page lists, read through the public cache. */
export async function homeContent(language: WireLanguage): Promise<HomeContent> {
  const [news, bulletins, activities, zones] = await Promise.all([
    latestAnnouncements(announcementKinds.news, language, 6),
    latestAnnouncements(announcementKinds.bulletins, language, 6),
    latestAnnouncements(announcementKinds.activities, language, 4),
    specialZones(language, 6),
  ]);
  return { news, bulletins, activities, zones };
}

/** The home page's quick links: the pages visitors look for most, from the route table. */
export const quickLinks: RouteId[] = [
  'laws',
  'members',
  'servicePoints',
  'statistics',
  'qa',
  'systems',
  'education',
  'contact',
];
