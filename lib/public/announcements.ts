import { and, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import { resources } from '../content/registry';
import { column, getRow, listRows, tableOf, type Row } from '../content/repository';
import { defaultSortOf } from '../content/table';
import type { ResourceDefinition, SortKey } from '../content/define';
import type { WireLanguage } from '../i18n/languages';
import { richTextToPlain } from '../security/sanitize';
import { clampPage, idParam, pageParam, searchParam } from './paging';
import type { RouteId } from './routes';

/**
 * News, bulletins and activities (DESIGN §8): dated announcements with a list page (by type for
 * bulletins and activities; activities also split into upcoming and past) and a detail page. One
 * description per kind; the pages, feeds and JSON-LD read it, so no kind has code of its own.
 */
export interface AnnouncementKind {
  kind: 'news' | 'bulletins' | 'activities';
  route: RouteId;
  definition: ResourceDefinition;
  /** The type resource the `?type=` filter picks from. */
  types?: ResourceDefinition;
  /** Activities: `?when=upcoming|past`. */
  splitByTime?: boolean;
  /** Fields a detail page lists under the title, in order (labels come from the definition). */
  detailFields: string[];
  /** schema.org type of a detail page. */
  schemaType: 'NewsArticle' | 'Event';
}

export const announcementKinds = {
  news: { kind: 'news', route: 'news', definition: resources.webnews, detailFields: [], schemaType: 'NewsArticle' },
  bulletins: { kind: 'bulletins', route: 'bulletins', definition: resources.webbulletin, types: resources.webbulletintype, detailFields: [], schemaType: 'NewsArticle' },
  activities: {
    kind: 'activities',
    route: 'activities',
    definition: resources.webactivity,
    types: resources.webactivitytype,
    splitByTime: true,
    detailFields: ['startAt', 'endAt', 'location', 'organizer', 'registrationUrl'],
    schemaType: 'Event',
  },
} as const satisfies Record<string, AnnouncementKind>;

export type AnnouncementKindName = keyof typeof announcementKinds;

export const PAGE_SIZE = 10;

export type When = 'upcoming' | 'past';

export function whenParam(value: string): When {
  return value === 'past' ? 'past' : 'upcoming';
}

export interface TypeOption {
  id: number;
  name: string;
}

/** The public types of a kind in the language, in their set order (cached with the type resource). */
export async function announcementTypes(kind: AnnouncementKind, language: WireLanguage): Promise<TypeOption[]> {
  if (!kind.types) return [];
  const { rows } = await listRows(kind.types, { language, publicOnly: true }, { filters: {}, sort: [{ field: 'order', direction: 'asc' }], page: 1, pageSize: 9999 });
  return rows.map((row) => ({ id: row.id as number, name: String(row.name ?? '') }));
}

/**
 * Upcoming activities are those not yet over: ending now or later, or, without an end, starting
 * now or later; the rest are past. `now` is rounded down to the minute so the cached list (which
 * lives 30 s at most) is shared by every visitor of that minute.
 */
function timeCondition(definition: ResourceDefinition, when: When, now: Date): SQL {
  const table = tableOf(definition);
  // Its end, or its start when it has no end (start is required, so this is never null).
  const over = sql`coalesce(${column(table, 'endAt')}, ${column(table, 'startAt')})`;
  const at = sql`${now.toISOString()}::timestamptz`;
  return when === 'upcoming' ? sql`${over} >= ${at}` : sql`${over} < ${at}`;
}

function sortFor(kind: AnnouncementKind, when: When | undefined): readonly SortKey[] {
  // Upcoming: the soonest first; past: the latest first.
  if (kind.splitByTime) return [{ field: 'startAt', direction: when === 'upcoming' ? 'asc' : 'desc' }];
  return defaultSortOf(kind.definition);
}

export interface AnnouncementSummary {
  id: number;
  title: string;
  summary: string;
  publishAt: Date;
  isPinned: boolean;
  image: string | null;
  typeId: number | null;
  startAt: Date | null;
  endAt: Date | null;
  location: string;
}

export function summaryText(row: Row, max = 160): string {
  const text = (row.summary as string | null) || richTextToPlain((row.content as string | null) ?? '');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function toSummary(row: Row): AnnouncementSummary {
  return {
    id: row.id as number,
    title: String(row.title ?? ''),
    summary: summaryText(row),
    publishAt: row.publishAt as Date,
    isPinned: row.isPinned === true,
    image: (row.image as string | null) ?? null,
    typeId: (row.typeId as number | null) ?? null,
    startAt: (row.startAt as Date | null) ?? null,
    endAt: (row.endAt as Date | null) ?? null,
    location: String(row.location ?? ''),
  };
}

export interface AnnouncementPage {
  items: AnnouncementSummary[];
  total: number;
  /** The page shown, clamped into the real range. */
  page: number;
  pageSize: number;
  types: TypeOption[];
  /** The type filter applied (an unknown or other-language id is ignored: the whole list shows). */
  type: TypeOption | null;
  when: When | null;
}

export interface AnnouncementQuery {
  page: number;
  type?: number;
  when?: When;
  pageSize?: number;
}

/** A list's query from its URL: `page`, `type`, and for activities `when`. */
export function announcementQuery(kind: AnnouncementKind, params: Record<string, string | string[] | undefined>): AnnouncementQuery {
  return {
    page: pageParam(params.page),
    type: idParam(params.type),
    when: kind.splitByTime ? whenParam(searchParam(params.when)) : undefined,
  };
}

/** One page of a kind's public list, as visitors see it, through the public cache. */
export async function announcementPage(kind: AnnouncementKind, language: WireLanguage, query: AnnouncementQuery, now = new Date()): Promise<AnnouncementPage> {
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const types = await announcementTypes(kind, language);
  const type = types.find((t) => t.id === query.type) ?? null;
  const when = kind.splitByTime ? (query.when ?? 'upcoming') : null;
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const { rows, total, page } = await listRows(kind.definition, { language, publicOnly: true }, {
    filters: type ? { typeId: type.id } : {},
    sort: sortFor(kind, when ?? undefined),
    page: Math.max(1, query.page),
    pageSize,
    ...(when ? { conditions: [timeCondition(kind.definition, when, minute)], cacheKey: `${when}@${minute.getTime()}` } : {}),
  });
  return { items: rows.map(toSummary), total, page: clampPage(page, total, pageSize), pageSize, types, type, when };
}

/** The type's name of a row, for a detail page (null when the type is hidden or gone). */
export async function typeName(kind: AnnouncementKind, language: WireLanguage, typeId: unknown): Promise<string | null> {
  if (!kind.types || typeof typeId !== 'number') return null;
  const row = await getRow(kind.types, { language, publicOnly: true }, typeId);
  return row ? String(row.name ?? '') : null;
}

/** The latest rows for the home page: news and bulletins newest first (pinned on top), activities not yet over. */
export async function latestAnnouncements(kind: AnnouncementKind, language: WireLanguage, limit: number): Promise<AnnouncementSummary[]> {
  const { items } = await announcementPage(kind, language, { page: 1, pageSize: limit });
  return items;
}

/** The next older and next newer public row, for a detail page's links (by date, then id; pinning aside). */
export async function neighbours(kind: AnnouncementKind, language: WireLanguage, row: Row): Promise<{ previous: AnnouncementSummary | null; next: AnnouncementSummary | null }> {
  const key = kind.splitByTime ? 'startAt' : 'publishAt';
  const value = row[key] as Date | null;
  if (!value) return { previous: null, next: null };
  const table = tableOf(kind.definition);
  const c = column(table, key);
  const id = column(table, 'id');
  const scope = { language, publicOnly: true };
  const at = value.toISOString();
  // Ties on the date are broken by id, as the lists break them.
  const older = or(lt(c, value), and(eq(c, value), lt(id, row.id as number)))!;
  const newer = or(gt(c, value), and(eq(c, value), gt(id, row.id as number)))!;
  const [before, after] = await Promise.all([
    listRows(kind.definition, scope, { filters: {}, sort: [{ field: key, direction: 'desc' }], page: 1, pageSize: 1, conditions: [older], cacheKey: `older:${at}:${row.id}` }),
    listRows(kind.definition, scope, { filters: {}, sort: [{ field: key, direction: 'asc' }], page: 1, pageSize: 1, conditions: [newer], cacheKey: `newer:${at}:${row.id}` }),
  ]);
  return { previous: before.rows[0] ? toSummary(before.rows[0]) : null, next: after.rows[0] ? toSummary(after.rows[0]) : null };
}
