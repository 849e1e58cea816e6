import type { WireLanguage } from '../i18n/languages';
import { sections } from '../content/sections';
import { route, type RouteId } from './routes';

type Row = Record<string, unknown>;

/**
 * Where a row is shown on the public site, below the language prefix: its detail page, or the
 * list page (filtered, with an anchor) that shows it. The back office's preview links, the
 * sitemap, search results and feeds use it, so each public URL is decided here once.
 *
 * Query parameters of the public lists: `page`, `type` (a type row's id, or a fixed section's
 * value), `year`, `region`, `when` (`upcoming`|`past`), `q` (keyword), `initial`, and the law
 * search's `class`, `business`, `attribute`, `from`, `to`.
 */
const detail = (id: RouteId) => (row: Row) => `${route(id).path}/${row.id}`;
const listed = (id: RouteId, query?: (row: Row) => Record<string, unknown>) => (row: Row) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query?.(row) ?? {})) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.size ? `?${params}` : '';
  return `${route(id).path}${search}#item-${row.id}`;
};
const typeList = (id: RouteId) => (row: Row) => `${route(id).path}?type=${row.id}`;

/** The page of each editor section (webeditor page keys, lib/content/sections.ts). */
const editorPageRoutes: Record<string, RouteId> = {
  about: 'aboutIntro',
  organization: 'organization',
  research: 'research',
  'member-services': 'members',
  accessibility: 'accessibility',
  privacy: 'privacy',
  copyright: 'copyright',
};

const rowPaths: Record<string, (row: Row) => string> = {
  webnews: detail('news'),
  webbulletin: detail('bulletins'),
  webbulletintype: typeList('bulletins'),
  webactivity: detail('activities'),
  webactivitytype: typeList('activities'),
  webrule: detail('laws'),
  webruleclass: (row) => `${route('laws').path}?class=${row.id}`,
  webrulebusiness: (row) => `${route('laws').path}?class=${row.classId}&business=${row.id}`,
  webruleattribute: (row) => `${route('laws').path}?attribute=${row.id}`,
  webdiscipline: detail('selfRegulation'),
  webdisciplinetype: typeList('selfRegulation'),
  webeducation: detail('education'),
  webstatics: detail('statistics'),
  webtrusttest: detail('tests'),
  webmemberdept: detail('members'),
  webspecialgroup: (row) => `${route('special').path}/${row.id}`,
  webspecialgrouptype: (row) => `${route('special').path}/${row.groupId}#section-${row.id}`,
  webspecial: (row) => `${route('special').path}/${row.groupId}/${row.id}`,
  webqa: listed('qa', (row) => ({ type: row.category })),
  websupervisor: listed('directors'),
  webcommittee: listed('committees', (row) => ({ type: row.committee })),
  webmemorabilia: listed('milestones', (row) => ({ year: row.eventDate ? String(row.eventDate).slice(0, 4) : undefined })),
  webvision: listed('videos', (row) => ({ type: row.category })),
  webbilingual: listed('glossary', (row) => ({ initial: row.initial })),
  weblink: listed('links'),
  weblinktype: (row) => `${route('links').path}#type-${row.id}`,
  websystem: listed('systems'),
  websystemunit: (row) => `${route('systems').path}#unit-${row.id}`,
  websystemunittype: (row) => `${route('systems').path}#unit-${row.unitId}`,
  webareainfo: listed('servicePoints', (row) => ({ type: row.areaType, region: row.regionCode })),
  webeditor: (row) => {
    const key = sections.editorPages.find((page) => page.value === row.page)?.key;
    return route(key && editorPageRoutes[key] ? editorPageRoutes[key] : 'home').path + `#item-${row.id}`;
  },
};

/** The public path of a row below the language prefix, or null when the public site does not show it. */
export function publicRowPath(resource: string, row: Row): string | null {
  return rowPaths[resource]?.(row) ?? null;
}

/** The same, with the language prefix: `/tw/news/12`. */
export function publicRowUrl(language: WireLanguage, resource: string, row: Row): string | null {
  const path = publicRowPath(resource, row);
  return path === null ? null : `/${language}${path}`;
}
