/**
 * What a resource shows of itself beyond its fields: the back-office menu group it sits in, and
 * where the public site shows its rows. The admin menu (lib/admin/menu.ts), the public row links
 * (lib/public/row-links.ts) and the public readers all derive from these, so a resource says it once, in its own file.
 * Plain data: browser code and proxy.ts read it too.
 */

/**
 * The back-office menu groups, in menu order. A group's label is the public route's name
 * (`site.routes.{id}`), except for the back office's own groups (lib/admin/menu.ts).
 */
export const menuGroupIds = [
  'about',
  'announcements',
  'lawsGroup',
  'membersGroup',
  'info',
  'services',
  'contact',
  'pages',
  'system',
] as const;

/** One key of a list's order. */
export interface SortKey {
  field: string;
  direction: 'asc' | 'desc';
}

export type MenuGroupId = (typeof menuGroupIds)[number];

export interface PublicFace<K extends string = string> {
  /** The public page that lists the rows: a route id of lib/public/routes.ts. */
  route: string;
  /**
   * How that page shows one row: on its own page below the list (`/news/12`, the default), as an
   * item of the list (`/qa?type=2#item-5`), or as the list filtered by it (a type: `/bulletins?type=3`).
   */
  shows?: 'page' | 'item' | 'filter';
  /** The list's query parameters that lead to a row, each from one of its fields (`{ type: 'category' }`). */
  query?: Readonly<Record<string, K | 'id'>>;
  /** The list's order when it differs from the resource's default order. */
  sort?: readonly SortKey[];
  /** Rows per page of the list. */
  pageSize?: number;
  /**
   * When `route` is not one of the hand-written routes of lib/public/routes.ts, the resource has a
   * page of its own: the site map gains the route (named by the resource's label) and the generic
   * list and detail pages (`app/[locale]/[route]`) show it. `parent` is the site-map group it sits
   * under (default: its `menu` group when that is a public group, else the home page).
   */
  parent?: string;
  /** That route's path below the language prefix, one segment (default: `/` and the route id in kebab case). */
  path?: string;
}

/** A default page size for public lists that do not name one. */
export const PUBLIC_PAGE_SIZE = 10;
