import type { MetadataRoute } from 'next';
import type { ResourceDefinition } from '../content/model/define';
import { allResources } from '../content/model/registry';
import { listRows } from '../content/storage/list-reads';
import type { Row } from '../content/model/rows';
import { traits } from '../content/model/define';
import { wireLanguages, type WireLanguage, htmlLang } from '../i18n/languages';
import { sitePath } from '../routing/site';
import { siteRoutes, type SiteRoute } from './routes';
import { publicRowPath } from './row-links';
import { absoluteUrl } from './urls';

/**
 * sitemap.xml (docs/public-site.md, Search engines): every page of the route table in both languages, and the page of
 * every public row (visible and inside its publication window: hidden and expired rows are never read), each with its
 * language alternates: a row's counterpart through `translationId`. Rows shown on a list page (`#item-{id}` anchors)
 * are listed as that page's URL without the anchor, once.
 */
type Entry = MetadataRoute.Sitemap[number];

interface SitemapRow {
  path: string;
  /** The other language's path of the same content, when it is public. */
  counterpart: string | null;
  updatedAt: Date | null;
}

const withoutAnchor = (path: string) => path.replace(/#.*$/, '');

function alternatesOf(language: WireLanguage, path: string, counterpart: string | null): Entry['alternates'] {
  const paths: Partial<Record<WireLanguage, string>> = { [language]: path };
  if (counterpart !== null) paths[language === 'tw' ? 'en' : 'tw'] = counterpart;
  const languages: Record<string, string> = {};
  for (const l of wireLanguages) {
    const below = paths[l];
    if (below !== undefined) languages[htmlLang[l]] = absoluteUrl(sitePath(l, below));
  }
  languages['x-default'] = absoluteUrl(sitePath(paths.tw !== undefined ? 'tw' : language, paths.tw ?? path));
  return { languages };
}

/** The entries from the route table and the rows of each language (pure: tested without a database). */
export function buildSitemap(
  routes: readonly SiteRoute[],
  rows: Record<WireLanguage, SitemapRow[]>,
): MetadataRoute.Sitemap {
  const entries = new Map<string, Entry>();
  for (const r of routes) {
    if (r.page === false) continue;
    for (const language of wireLanguages) {
      entries.set(sitePath(language, r.path), {
        url: absoluteUrl(sitePath(language, r.path)),
        changeFrequency: r.path === '' ? 'daily' : 'weekly',
        priority: r.path === '' ? 1 : 0.7,
        alternates: alternatesOf(language, r.path, r.path),
      });
    }
  }
  for (const language of wireLanguages) {
    for (const row of rows[language]) {
      const path = withoutAnchor(row.path);
      const key = sitePath(language, path);
      const existing = entries.get(key);
      if (existing) {
        // A list page showing several rows: its date is the newest row's.
        // A page showing rows (a list, a route's own page) is dated by its newest row.
        if (row.updatedAt && (!(existing.lastModified instanceof Date) || row.updatedAt > existing.lastModified))
          existing.lastModified = row.updatedAt;
        continue;
      }
      entries.set(key, {
        url: absoluteUrl(key),
        lastModified: row.updatedAt ?? undefined,
        changeFrequency: 'monthly',
        priority: 0.5,
        alternates: alternatesOf(language, path, row.counterpart === null ? null : withoutAnchor(row.counterpart)),
      });
    }
  }
  return [...entries.values()];
}

/** Every public row of a resource in a language, through the public cache, a large page at a time. */
async function publicRows(definition: ResourceDefinition, language: WireLanguage): Promise<Row[]> {
  const pageSize = 5000;
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const result = await listRows(
      definition,
      { language, publicOnly: true },
      { filters: {}, sort: [], page, pageSize },
    );
    rows.push(...result.rows);
    if (page * pageSize >= result.total) return rows;
  }
}

/** The resources whose rows have a place on the public site. */
const sitemapResources = () =>
  allResources().filter((definition) => publicRowPath(definition.name, { id: 0 }) !== null);

/** Reads the public rows of every resource in both languages and builds the sitemap. */
export async function loadSitemap(): Promise<MetadataRoute.Sitemap> {
  const rows: Record<WireLanguage, SitemapRow[]> = { tw: [], en: [] };
  for (const definition of sitemapResources()) {
    const [tw, en] = await Promise.all(wireLanguages.map((language) => publicRows(definition, language)));
    const byLanguage = { tw, en };
    const localized = traits(definition).localized;
    for (const language of wireLanguages) {
      const others = new Map(byLanguage[language === 'tw' ? 'en' : 'tw'].map((row) => [Number(row.id), row]));
      for (const row of byLanguage[language]) {
        const path = publicRowPath(definition.name, row);
        if (path === null) continue;
        // One row serves both languages when the resource is not localized.
        const counterpartRow = localized ? others.get(Number(row.translationId)) : row;
        rows[language].push({
          path,
          counterpart: counterpartRow ? publicRowPath(definition.name, counterpartRow) : null,
          updatedAt: row.updatedAt instanceof Date ? row.updatedAt : null,
        });
      }
    }
  }
  return buildSitemap(siteRoutes, rows);
}
