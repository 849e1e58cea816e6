import type { Metadata } from 'next';
import { cache } from 'react';
import { traits, type ResourceDefinition } from '../content/model/define';
import type { Field } from '../content/model/fields';
import type { RowOf } from '../content/model/rows';
import { matchesKeywords, readPublicList, readPublicPage, searchableFields } from '../content/storage/reads';
import { findResource } from '../content/model/registry';
import { keywordTerms } from '../content/storage/search';
import { otherLanguage, type WireLanguage } from '../i18n/languages';
import { translate } from '../i18n/messages';
import { publicRowOr404 } from './detail';
import { detailPageMetadata, pageMetadata } from './metadata';
import { clampPage, idParam, pageParam, searchParam } from './paging';
import { siteRoutes, type SiteRoute } from './routes';
import { truncated } from './text';
import { richTextToPlain } from '../security/sanitize';
import { withQuery } from '../routing/site';

/**
 * The generic public pages of a resource with a route of its own (lib/public/routes.ts): its list
 * at `/{route}` and, when a row has a page of its own, the row at `/{route}/{id}`, both shaped by the
 * definition alone: its title field, the first rich text as body, the first long text as summary,
 * the first image and files fields, its other public fields as facts, its publication date, a
 * keyword search over its searchable fields and a select for each of its `filters` that is a
 * choice or a reference. Dedicated route folders keep precedence: Next matches them first.
 */
export interface ResourcePage {
  definition: ResourceDefinition;
  route: SiteRoute;
  /** The detail page's id as written in the path; absent for the list. */
  id?: string;
}

/** The resource page a path below the language prefix names (`['notices']`, `['notices', '12']`), or null. */
export function resourcePageOf(segments: readonly string[]): ResourcePage | null {
  if (segments.length < 1 || segments.length > 2) return null;
  const route = siteRoutes.find((r) => r.resource !== undefined && r.path === `/${segments[0]}`);
  const definition = route?.resource ? findResource(route.resource) : undefined;
  if (!route || !definition) return null;
  if (segments.length === 1) return { definition, route };
  return (definition.public?.shows ?? 'page') === 'page' ? { definition, route, id: segments[1] } : null;
}

type Row = Record<string, unknown>;

const shown = (f: Field) => f.public !== false && !f.hidden && !f.virtual;
const firstOf = (definition: ResourceDefinition, kind: Field['kind']) =>
  Object.entries(definition.fields).find(([, f]) => f.kind === kind && shown(f))?.[0];

/** Which field plays which part on the generic pages. */
function partsOf(definition: ResourceDefinition) {
  const body = firstOf(definition, 'richtext');
  const summary = firstOf(definition, 'longtext');
  const image = firstOf(definition, 'image');
  const files = firstOf(definition, 'files');
  const taken = new Set([definition.titleField, body, summary, image, files]);
  const facts = Object.entries(definition.fields)
    .filter(
      ([key, f]) => !taken.has(key) && shown(f) && ['text', 'integer', 'date', 'datetime', 'choice'].includes(f.kind),
    )
    .map(([key]) => key);
  return { body, summary, image, files, facts, dated: traits(definition).window };
}

export interface ResourceFact {
  label: string;
  value: string | Date;
  kind: Field['kind'];
  url: boolean;
}

/** What the pages show of a row. */
interface ResourceItem {
  id: number;
  title: string;
  summary: string;
  date: Date | null;
  image: unknown;
  html: string | null;
  files: unknown;
  facts: ResourceFact[];
}

export function resourceItem(definition: ResourceDefinition, row: Row, language: WireLanguage): ResourceItem {
  const parts = partsOf(definition);
  const body = parts.body ? row[parts.body] : undefined;
  const summaryText = parts.summary ? row[parts.summary] : undefined;
  const html = typeof body === 'string' ? body : null;
  const summary = typeof summaryText === 'string' ? summaryText : '';
  const facts = parts.facts.flatMap((key): ResourceFact[] => {
    const f = definition.fields[key];
    const value = row[key];
    if (value === null || value === undefined || value === '') return [];
    const text =
      f.kind === 'choice'
        ? f.choices.find((choice) => choice.value === value)?.label[language]
        : value instanceof Date
          ? value
          : String(value);
    return text
      ? [{ label: f.label[language], value: text, kind: f.kind, url: f.kind === 'text' && f.format === 'url' }]
      : [];
  });
  return {
    id: Number(row.id),
    title: String(row[definition.titleField] ?? ''),
    summary: truncated(summary || richTextToPlain(html ?? ''), 160),
    date: parts.dated && row.publishAt instanceof Date ? row.publishAt : null,
    image: parts.image ? row[parts.image] : null,
    html,
    files: parts.files ? row[parts.files] : null,
    facts,
  };
}

/** A select of the list's filter form: a choice or reference field the definition lists in `filters`. */
interface ResourceFilter {
  key: string;
  label: string;
  options: { value: number; label: string }[];
  value: number | undefined;
}

async function filtersOf(
  definition: ResourceDefinition,
  language: WireLanguage,
  params: Record<string, string | string[] | undefined>,
): Promise<ResourceFilter[]> {
  const filters = await Promise.all(
    (definition.filters ?? []).map(async (key): Promise<ResourceFilter | null> => {
      const f = definition.fields[key];
      let options: ResourceFilter['options'];
      if (f?.kind === 'choice')
        options = f.choices.map((choice) => ({ value: choice.value, label: choice.label[language] }));
      else if (f?.kind === 'reference' && findResource(f.resource)) {
        const target = findResource(f.resource)!;
        options = (await readPublicList(target, language)).rows.map((row: Row) => ({
          value: Number(row.id),
          label: String(row[target.titleField] ?? ''),
        }));
      } else return null;
      const asked = idParam(params[key]) ?? (f.kind === 'choice' && searchParam(params[key]) === '0' ? 0 : undefined);
      return {
        key,
        label: f.label[language],
        options,
        value: options.some((o) => o.value === asked) ? asked : undefined,
      };
    }),
  );
  return filters.filter((filter): filter is ResourceFilter => filter !== null);
}

export interface ResourceList {
  items: ResourceItem[];
  total: number;
  page: number;
  pageSize: number;
  /** The keyword search's text, when the resource has searchable fields. */
  query: string;
  searchable: boolean;
  filters: ResourceFilter[];
}

/** A page of the list as the URL's `page`, `q` and filters ask (unknown values ask for nothing). */
export async function resourceList(
  definition: ResourceDefinition,
  language: WireLanguage,
  params: Record<string, string | string[] | undefined>,
): Promise<ResourceList> {
  const searchable = searchableFields(definition).length > 0;
  const query = searchable ? searchParam(params.q).replaceAll('\u0000', '').slice(0, 200) : '';
  const terms = keywordTerms(query);
  const filters = await filtersOf(definition, language, params);
  const chosen = Object.fromEntries(
    filters.flatMap((filter) => (filter.value === undefined ? [] : [[filter.key, filter.value]])),
  );
  const { rows, total, page, pageSize } = await readPublicPage(definition, language, {
    page: pageParam(params.page),
    filters: chosen,
    ...(terms.length ? { conditions: matchesKeywords(definition, terms), cacheKey: JSON.stringify({ terms }) } : {}),
  });
  return {
    items: rows.map((row) => resourceItem(definition, row, language)),
    total,
    page: clampPage(page, total, pageSize),
    pageSize,
    query,
    searchable,
    filters,
  };
}

/** The query string of a list view: its filters, search and page (page 1 and empty values left out). */
export function resourceListQuery(
  list: Pick<ResourceList, 'filters' | 'query'>,
  page?: number,
): Record<string, string | number | undefined> {
  return {
    ...Object.fromEntries(list.filters.map((filter) => [filter.key, filter.value])),
    q: list.query || undefined,
    page: page && page > 1 ? page : undefined,
  };
}

export async function resourceListMetadata(
  page: ResourcePage,
  language: WireLanguage,
  params: Record<string, string | string[] | undefined>,
): Promise<Metadata> {
  const list = await resourceList(page.definition, language, params);
  const name = page.route.label?.[language] ?? page.route.id;
  const filtered = list.filters.flatMap((filter) =>
    filter.options.filter((o) => o.value === filter.value).map((o) => o.label),
  );
  const title = [
    name,
    ...filtered,
    list.page > 1 ? translate(language, 'site.pager.page', { page: list.page }) : undefined,
  ]
    .filter(Boolean)
    .join(' – ');
  // A search is no page of its own: its canonical URL is the list's.
  const path = withQuery(page.route.path, { ...resourceListQuery({ filters: list.filters, query: '' }, list.page) });
  return pageMetadata({ language, path, title, alternates: { [otherLanguage(language)]: page.route.path } });
}

/** A detail page's row (hidden, expired or unknown: 404; the other language's id: redirect), once per request. */
export const resourceRow = cache(
  async (page: ResourcePage, language: WireLanguage): Promise<RowOf<ResourceDefinition>> => {
    const base = page.route.path;
    return publicRowOr404(page.definition, language, page.id ?? '', (id) => `${base}/${id}`);
  },
);

export async function resourceDetailMetadata(page: ResourcePage, language: WireLanguage): Promise<Metadata> {
  const row = await resourceRow(page, language);
  const item = resourceItem(page.definition, row, language);
  return detailPageMetadata<ResourceDefinition>(language, page.definition, row, {
    title: item.title,
    text: item.summary || item.html,
  });
}
