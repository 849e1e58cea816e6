import { absoluteUrl } from './urls';
import { type WireLanguage } from '../i18n/languages';
import { sitePath } from '../routing/site';
import type { PublicFace } from '../content/model/face';
import type { ResourceDefinition } from '../content/model/define';
import { allResources, findResource } from '../content/model/registry';
import { sections } from '../content/model/sections';
import { findRoute, route, type RouteId } from './routes';

type Row = Record<string, unknown>;

/**
 * Where a row is shown on the public site, below the language prefix: its detail page, or the list page (filtered, with
 * an anchor) that shows it, as the `public` of its definition says. The back office's preview links, the sitemap,
 * search results and feeds use it, so each public URL is decided here once.
 *
 * Query parameters of the public lists: `page`, `type` (a type row's id, or a fixed section's
 * value), `year`, `region`, `when` (`upcoming`|`past`), `q` (keyword), `initial`, and the law
 * search's `class`, `business`, `attribute`, `from`, `to`.
 */
const withQuery = (path: string, query: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.size ? `${path}?${params}` : path;
};

/** A row's path as its definition's `public` says: its own page, an item of the list, or the list filtered by it. */
function facePath(face: PublicFace, row: Row): string {
  const path = findRoute(face.route)?.path;
  if (!path) throw new Error(`The public route ${face.route} is not a route of the site`);
  const query = Object.fromEntries(Object.entries(face.query ?? {}).map(([param, key]) => [param, row[key]]));
  switch (face.shows ?? 'page') {
    case 'page':
      return withQuery(`${path}/${row.id}`, query);
    case 'item':
      return `${withQuery(path, query)}#item-${row.id}`;
    case 'filter':
      return withQuery(path, query);
  }
}

/** The route of each fixed page the page sections are on (`editorPages` keys, lib/content/model/sections.ts). */
const editorPageRoutes: Record<string, RouteId> = {
  about: 'aboutIntro',
  organization: 'organization',
  research: 'research',
  'member-services': 'members',
  accessibility: 'accessibility',
  privacy: 'privacy',
  copyright: 'copyright',
};

/** Rows whose place is not one of the three plain forms: sections and groups of a page, a year of a timeline. */
const irregularPaths: Record<string, (row: Row) => string> = {
  webspecialgrouptype: (row) => `${route('special').path}/${row.groupId}#section-${row.id}`,
  webspecial: (row) => `${route('special').path}/${row.groupId}/${row.id}`,
  webmemorabilia: (row) =>
    withQuery(route('milestones').path, { year: row.eventDate ? String(row.eventDate).slice(0, 4) : undefined }) +
    `#item-${row.id}`,
  weblinktype: (row) => `${route('links').path}#type-${row.id}`,
  websystemunit: (row) => `${route('systems').path}#unit-${row.id}`,
  websystemunittype: (row) => `${route('systems').path}#unit-${row.unitId}`,
};

/** The fixed pages a page section's rows may be on (its `fixedPage` field's section list), or none. */
function fixedPages(definition: ResourceDefinition) {
  const key = definition.fixedPage;
  const f = key ? definition.fields[key] : undefined;
  return key && f?.kind === 'choice' && f.section ? { key, pages: sections[f.section] } : undefined;
}

/** A page section's place: an item of its fixed page (the home page when that page has no route). */
function fixedPagePath(definition: ResourceDefinition, row: Row): string | null {
  const fixed = fixedPages(definition);
  if (!fixed) return null;
  const key = fixed.pages.find((page) => page.value === row[fixed.key])?.key;
  return route(key && editorPageRoutes[key] ? editorPageRoutes[key] : 'home').path + `#item-${row.id}`;
}

/**
 * The public pages that show a resource's rows, each with the filters that pick its rows: one page
 * for most resources, one per fixed page for the page sections; none when the site does not show it.
 */
export function publicPlaces(resource: string): { route: RouteId; filters?: Record<string, unknown> }[] {
  const definition = findResource(resource);
  const fixed = definition && fixedPages(definition);
  if (fixed) {
    return fixed.pages
      .filter((page) => editorPageRoutes[page.key])
      .map((page) => ({ route: editorPageRoutes[page.key], filters: { [fixed.key]: page.value } }));
  }
  const face = definition?.public;
  return face ? [{ route: face.route as RouteId }] : [];
}

/** The public path of a row below the language prefix, or null when the public site does not show it. */
export function publicRowPath(resource: string, row: Row): string | null {
  const irregular = irregularPaths[resource];
  if (irregular) return irregular(row);
  const definition = findResource(resource);
  if (definition?.fixedPage) return fixedPagePath(definition, row);
  return definition?.public ? facePath(definition.public, row) : null;
}

/** The same, with the language prefix: `/tw/news/12`. */
export function publicRowUrl(language: WireLanguage, resource: string, row: Row): string | null {
  const path = publicRowPath(resource, row);
  return path === null ? null : sitePath(language, path);
}

/** The same on the public origin (SITE_URL), as links in e-mail must be. */
export function absoluteRowUrl(language: WireLanguage, resource: string, row: Row): string | null {
  const path = publicRowUrl(language, resource, row);
  return path === null ? null : absoluteUrl(path);
}

/**
 * The row whose own page is at `path` (below the language prefix): `/news/12` is webnews 12. Only
 * rows with a page of their own (`shows: 'page'`) and the zones' items (`/special/{group}/{id}`).
 */
export function rowAtPath(path: string): { definition: ResourceDefinition; id: number } | null {
  const zoneItem = /^\/special\/\d{1,9}\/(\d{1,9})$/.exec(path);
  if (zoneItem) return { definition: findResource('webspecial')!, id: Number(zoneItem[1]) };
  const [, list, id] = /^(\/[a-z0-9/-]+)\/(\d{1,9})$/.exec(path) ?? [];
  if (!list) return null;
  const definition = allResources().find((candidate) => {
    const face = candidate.public;
    return face && (face.shows ?? 'page') === 'page' && !face.query && findRoute(face.route)?.path === list;
  });
  return definition ? { definition, id: Number(id) } : null;
}
