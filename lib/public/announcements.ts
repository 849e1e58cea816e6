import { isMembersOnly } from '../content/model/audience';
import { resources } from '../content/model/registry';
import {
  atOrAfter,
  before,
  besideRow,
  publicPageSizeOf,
  publicSortOf,
  readPublicList,
  readPublicRow,
  type Condition,
} from '../content/storage/reads';
import { rowOf } from '../content/model/row-check';
import type { RowOf } from '../content/model/rows';
import type { ResourceDefinition } from '../content/model/define';
import type { SortKey } from '../content/model/face';
import type { WireLanguage } from '../i18n/languages';
import { clampPage, idParam, pageParam, searchParam } from './paging';
import type { RouteId } from './routes';
import { summaryText } from './text';

/**
 * News, bulletins and activities (docs/public-site.md, Pages): dated announcements with a list page (by type for
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
  bulletins: {
    kind: 'bulletins',
    route: 'bulletins',
    definition: resources.webbulletin,
    types: resources.webbulletintype,
    detailFields: [],
    schemaType: 'NewsArticle',
  },
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

export type When = 'upcoming' | 'past';

function whenParam(value: string): When {
  return value === 'past' ? 'past' : 'upcoming';
}

interface TypeOption {
  id: number;
  name: string;
}

/** The public types of a kind in the language, in their set order (cached with the type resource). */
async function announcementTypes(kind: AnnouncementKind, language: WireLanguage): Promise<TypeOption[]> {
  if (!kind.types) return [];
  const { rows } = await readPublicList(kind.types, language, { sort: [{ field: 'order', direction: 'asc' }] });
  return rows.map((row) => ({ id: row.id, name: String(row.name ?? '') }));
}

/**
 * Upcoming activities are those not yet over: ending now or later, or, without an end, starting
 * now or later; the rest are past. `now` is rounded down to the minute so the cached list (which
 * lives 30 s at most) is shared by every visitor of that minute.
 */
function timeCondition(definition: ResourceDefinition, when: When, now: Date): Condition {
  // Its end, or its start when it has no end (start is required, so this is never null).
  const over = ['endAt', 'startAt'];
  return when === 'upcoming' ? atOrAfter(definition, over, now) : before(definition, over, now);
}

function sortFor(kind: AnnouncementKind, when: When | undefined): readonly SortKey[] {
  // Upcoming: the soonest first; past: the latest first.
  if (kind.splitByTime) return [{ field: 'startAt', direction: when === 'upcoming' ? 'asc' : 'desc' }];
  return publicSortOf(kind.definition);
}

export interface AnnouncementSummary {
  id: number;
  title: string;
  summary: string;
  publishAt: Date;
  isPinned: boolean;
  /** For members only: only a signed-in Member's lists hold it. */
  membersOnly: boolean;
  image: string | null;
  typeId: number | null;
  startAt: Date | null;
  endAt: Date | null;
  location: string;
}

/** A row of any of the three kinds: what they share, and what only some of them have. */
type AnnouncementRow =
  RowOf<typeof resources.webnews> | RowOf<typeof resources.webbulletin> | RowOf<typeof resources.webactivity>;
export type AnyAnnouncementRow = Pick<
  AnnouncementRow,
  | 'id'
  | 'title'
  | 'content'
  | 'publishAt'
  | 'files'
  | 'translationId'
  | 'lang'
  | 'isVisible'
  | 'createdAt'
  | 'updatedAt'
  | 'updatedBy'
  | 'version'
  | 'unpublishAt'
> &
  Partial<RowOf<typeof resources.webnews> & RowOf<typeof resources.webbulletin> & RowOf<typeof resources.webactivity>>;

/** A row of one of the three kinds as the pages read it, checked against its kind's definition. */
export function announcementRowOf(definition: ResourceDefinition, row: Record<string, unknown>): AnyAnnouncementRow {
  if (definition === resources.webnews) return rowOf(resources.webnews, row);
  if (definition === resources.webbulletin) return rowOf(resources.webbulletin, row);
  if (definition === resources.webactivity) return rowOf(resources.webactivity, row);
  throw new Error(`${definition.name} is not an announcement kind`);
}

function toSummary(row: AnyAnnouncementRow): AnnouncementSummary {
  return {
    id: row.id,
    title: row.title ?? '',
    summary: summaryText(row, 160),
    publishAt: row.publishAt,
    isPinned: row.isPinned === true,
    membersOnly: isMembersOnly(row),
    image: row.image ?? null,
    typeId: row.typeId ?? null,
    startAt: row.startAt ?? null,
    endAt: row.endAt ?? null,
    location: row.location ?? '',
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

interface AnnouncementQuery {
  page: number;
  type?: number;
  when?: When;
  pageSize?: number;
}

/** A list's query from its URL: `page`, `type`, and for activities `when`. */
export function announcementQuery(
  kind: AnnouncementKind,
  params: Record<string, string | string[] | undefined>,
): AnnouncementQuery {
  return {
    page: pageParam(params.page),
    type: idParam(params.type),
    when: kind.splitByTime ? whenParam(searchParam(params.when)) : undefined,
  };
}

/** One page of a kind's public list, as visitors see it, through the public cache. */
export async function announcementPage(
  kind: AnnouncementKind,
  language: WireLanguage,
  query: AnnouncementQuery,
  now = new Date(),
): Promise<AnnouncementPage> {
  const pageSize = query.pageSize ?? publicPageSizeOf(kind.definition);
  const types = await announcementTypes(kind, language);
  const type = types.find((t) => t.id === query.type) ?? null;
  const when = kind.splitByTime ? (query.when ?? 'upcoming') : null;
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const { rows, total, page } = await readPublicList<ResourceDefinition>(kind.definition, language, {
    filters: type ? { typeId: type.id } : {},
    sort: sortFor(kind, when ?? undefined),
    page: Math.max(1, query.page),
    pageSize,
    ...(when
      ? { conditions: [timeCondition(kind.definition, when, minute)], cacheKey: `${when}@${minute.getTime()}` }
      : {}),
  });
  return {
    items: rows.map((row) => toSummary(announcementRowOf(kind.definition, row))),
    total,
    page: clampPage(page, total, pageSize),
    pageSize,
    types,
    type,
    when,
  };
}

/** The type's name of a row, for a detail page (null when the type is hidden or gone). */
export async function typeName(
  kind: AnnouncementKind,
  language: WireLanguage,
  typeId: unknown,
): Promise<string | null> {
  if (!kind.types || typeof typeId !== 'number') return null;
  const row = await readPublicRow(kind.types, language, typeId);
  return row ? String(row.name ?? '') : null;
}

/** The latest rows for the home page: news and bulletins newest first (pinned on top), activities not yet over. */
export async function latestAnnouncements(
  kind: AnnouncementKind,
  language: WireLanguage,
  limit: number,
): Promise<AnnouncementSummary[]> {
  const { items } = await announcementPage(kind, language, { page: 1, pageSize: limit });
  return items;
}

/** The next older and next newer public row, for a detail page's links (by date, then id; pinning aside). */
export async function neighbours(
  kind: AnnouncementKind,
  language: WireLanguage,
  row: Record<string, unknown>,
): Promise<{ previous: AnnouncementSummary | null; next: AnnouncementSummary | null }> {
  const key = kind.splitByTime ? 'startAt' : 'publishAt';
  const value = row[key];
  const id = Number(row.id);
  if (!(value instanceof Date)) return { previous: null, next: null };
  const at = value.toISOString();
  // Ties on the date are broken by id, as the lists break them.
  const nearest = async (side: 'before' | 'after') => {
    const { rows } = await readPublicList<ResourceDefinition>(kind.definition, language, {
      sort: [{ field: key, direction: side === 'before' ? 'desc' : 'asc' }],
      pageSize: 1,
      conditions: [besideRow(kind.definition, key, value, id, side)],
      cacheKey: `${side === 'before' ? 'older' : 'newer'}:${at}:${id}`,
    });
    return rows[0] ? toSummary(announcementRowOf(kind.definition, rows[0])) : null;
  };
  const [previous, next] = await Promise.all([nearest('before'), nearest('after')]);
  return { previous, next };
}
