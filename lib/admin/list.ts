import { traits, type ResourceDefinition } from '../content/model/define';
import { hasStatus, STATUSES, type PublicationStatus } from '../content/model/status';
import { isSortable, type Field, type Label } from '../content/model/fields';
import { findResource } from '../content/model/registry';
import { sectionFieldOf } from './paths';

/**
 * What a back-office list shows and asks for, derived from the resource's definition: its columns
 * (the `listed` fields plus the common ones that matter), which of them sort, its filters (the
 * parents not fixed by the menu entry, then the query-string `filters`), and the getlist request.
 */

/** The common columns every row has, labelled through the admin messages `columns.*`. */
type CommonColumn = 'order' | 'publishAt' | 'isVisible' | 'status' | 'updatedAt';

export interface Column {
  key: string;
  /** A field's own label, or the message key of a common column. */
  label: Label | { message: CommonColumn };
  field?: Field;
  sortable: boolean;
}

export function listColumns(definition: ResourceDefinition, sectionFixed: boolean): Column[] {
  const t = traits(definition);
  const fixed = sectionFixed ? sectionFieldOf(definition)?.key : undefined;
  const columns: Column[] = [];
  if (t.ordered) columns.push({ key: 'order', label: { message: 'order' }, sortable: true });
  for (const [key, f] of Object.entries(definition.fields)) {
    if (!f.listed || f.hidden || key === fixed) continue;
    columns.push({ key, label: f.label, field: f, sortable: isSortable(f) });
  }
  if (t.window) columns.push({ key: 'publishAt', label: { message: 'publishAt' }, sortable: true });
  if (t.visibility) columns.push({ key: 'isVisible', label: { message: 'isVisible' }, sortable: false });
  if (hasStatus(definition)) columns.push({ key: 'status', label: { message: 'status' }, sortable: false });
  columns.push({ key: 'updatedAt', label: { message: 'updatedAt' }, sortable: true });
  return columns;
}

interface ListFilter {
  key: string;
  field: Field;
  /** `path`: a getlist path id (a parent); `query`: a query-string filter. */
  via: 'path' | 'query';
  /**
   * For a reference whose own list is scoped by an earlier filter of this list (a law's business line by its class).
   */
  dependsOn?: string;
}

export function listFilters(definition: ResourceDefinition): ListFilter[] {
  const sectionKey = sectionFieldOf(definition)?.key;
  const parents = (definition.parents ?? []).filter((key) => key !== sectionKey);
  const filters: ListFilter[] = [
    ...parents.map((key): ListFilter => ({ key, field: definition.fields[key], via: 'path' })),
    ...(definition.filters ?? []).map((key): ListFilter => ({ key, field: definition.fields[key], via: 'query' })),
  ];
  return filters.map((filter, i) => {
    if (filter.field.kind !== 'reference') return filter;
    const scope = findResource(filter.field.resource)?.parents?.[0];
    return scope && filters.slice(0, i).some((earlier) => earlier.key === scope)
      ? { ...filter, dependsOn: scope }
      : filter;
  });
}

export interface ListState {
  page: number;
  sort?: string;
  direction?: 'asc' | 'desc';
  keyword: string;
  /** Filter values by field name. */
  filters: Record<string, number>;
  /** Only rows of this publication status (resources with a window). */
  status?: PublicationStatus;
  /** Only rows whose counterpart changed since they were saved (resources with counterparts). */
  stale?: true;
  pageSize: number;
}

export const DEFAULT_LIST_PAGE_SIZE = 20;
/** The page sizes a list offers. */
export const LIST_PAGE_SIZES = [10, 20, 50, 100] as const;

/** The list's state from the URL's query string, ignoring anything the resource does not have. */
export function parseListState(definition: ResourceDefinition, params: URLSearchParams): ListState {
  const page = Number(params.get('page'));
  const sortable = new Set(
    listColumns(definition, false)
      .filter((c) => c.sortable)
      .map((c) => c.key),
  );
  const sort = params.get('sort') ?? undefined;
  const direction = params.get('dir');
  const status = STATUSES.find((known) => known === params.get('publication'));
  const size = Number(params.get('size'));
  const filters: Record<string, number> = {};
  for (const { key } of listFilters(definition)) {
    const raw = params.get(key);
    if (raw !== null && /^\d{1,9}$/.test(raw)) filters[key] = Number(raw);
  }
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    ...(sort && sortable.has(sort) ? { sort, direction: direction === 'desc' ? 'desc' : 'asc' } : {}),
    keyword: (params.get('q') ?? '').slice(0, 200),
    filters,
    ...(status && hasStatus(definition) ? { status } : {}),
    ...(params.get('stale') === '1' && traits(definition).localized ? { stale: true as const } : {}),
    pageSize: LIST_PAGE_SIZES.some((known) => known === size) ? size : DEFAULT_LIST_PAGE_SIZE,
  };
}

/** The query string of a list state (the inverse of parseListState), without defaults. */
export function listSearch(state: ListState): string {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.sort) {
    params.set('sort', state.sort);
    params.set('dir', state.direction ?? 'asc');
  }
  if (state.keyword) params.set('q', state.keyword);
  for (const [key, value] of Object.entries(state.filters)) params.set(key, String(value));
  // Not `status`: the contact inbox has a filter of that name.
  if (state.status) params.set('publication', state.status);
  if (state.stale) params.set('stale', '1');
  if (state.pageSize !== DEFAULT_LIST_PAGE_SIZE) params.set('size', String(state.pageSize));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * The getlist call of a state: path ids (the section, then the parents in order; an unset parent
 * before a set one is 0, "all"; unset trailing ones are left out, since for some lists 0 is itself a
 * value, e.g. the contact inbox's "new"), the query filters, and the body.
 */
export function listRequest(definition: ResourceDefinition, state: ListState, section: number | undefined) {
  const pathFilters = listFilters(definition).filter((f) => f.via === 'path');
  const ids = pathFilters.map((f) => state.filters[f.key]);
  while (ids.length && ids[ids.length - 1] === undefined) ids.pop();
  const path = [...(section === undefined ? [] : [section]), ...ids.map((id) => id ?? 0)];
  const query: Record<string, number> = {};
  for (const f of listFilters(definition))
    if (f.via === 'query' && state.filters[f.key] !== undefined) query[f.key] = state.filters[f.key];
  const body = {
    page: state.page,
    pageSize: state.pageSize,
    ...(state.sort ? { sort: state.sort, direction: state.direction ?? 'asc' } : {}),
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.stale ? { stale: true } : {}),
  };
  return { body, path: path.length ? path : undefined, query: Object.keys(query).length ? query : undefined };
}

/**
 * Whether rows may be dragged into a new place: an ordered list shown in its order, without a
 * keyword, whose rows are all siblings (every parent fixed), so a row's place on the page is its
 * position among its siblings.
 */
export function canDragReorder(definition: ResourceDefinition, state: ListState): boolean {
  if (!definition.ordered || state.keyword || state.status || state.stale) return false;
  if (state.sort && !(state.sort === 'order' && state.direction !== 'desc')) return false;
  return listFilters(definition)
    .filter((f) => f.via === 'path')
    .every((f) => state.filters[f.key] !== undefined);
}

/** The 1-based position among the siblings of the row shown at `index` on `page`. */
export function positionOnPage(page: number, pageSize: number, index: number): number {
  return (page - 1) * pageSize + index + 1;
}

/**
 * Whether the back office offers "new", "delete", "duplicate" and bulk hide/show for a resource
 * (contact messages come from visitors and are kept).
 */
export function rowActions(definition: ResourceDefinition) {
  const add = definition.addable !== false;
  const remove = definition.deletable !== false;
  const hide = traits(definition).visibility;
  return { add, remove, duplicate: add && hide && traits(definition).localized, hide, bulk: remove || hide };
}
