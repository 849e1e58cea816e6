import type { Actor } from '../../content/model/actor';
import type { CallInput } from '../../content/model/define';
import { invalid } from '../../content/model/errors';
import { wireInstant } from '../../content/model/wire';
import { parseWireLanguage, type WireLanguage } from '../../i18n/languages';
import { sitePath } from '../../routing/site';
import { translate } from '../../i18n/messages';
import { searchAreas, searchSite, suggestTitles, MAX_QUERY_LENGTH } from '../../public/site-search';

/**
 * `GET /api/search` and `GET /api/search/suggest` (docs/api.md, Site search): the public page's
 * search as JSON, anonymous, in the language of `lang` or Web-Language.
 */

/** The most results one page may ask for. */
const MAX_SEARCH_PAGE_SIZE = 50;
const MAX_PAGE = 1_000_000;

function languageOf(actor: Actor, query: URLSearchParams): WireLanguage {
  const lang = query.get('lang');
  if (lang === null || lang === '') return actor.language;
  if (lang !== 'tw' && lang !== 'en') throw invalid('notChoice', { field: 'lang' });
  return parseWireLanguage(lang);
}

function wholeNumber(query: URLSearchParams, name: string, fallback: number, max: number, key: string): number {
  const text = (query.get(name) ?? '').trim();
  if (text === '') return fallback;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > max) throw invalid(key, { max, field: name });
  return Number(text);
}

const textOf = (query: URLSearchParams, name: string) =>
  (query.get(name) ?? '').replaceAll('\u0000', '').trim().slice(0, MAX_QUERY_LENGTH);

/** The snippet as HTML: the text escaped, the matched words in `<mark>`. */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function searchCall(actor: Actor, { query }: CallInput) {
  const language = languageOf(actor, query);
  const page = wholeNumber(query, 'page', 1, MAX_PAGE, 'invalidPage');
  const pageSize = wholeNumber(query, 'pageSize', 10, MAX_SEARCH_PAGE_SIZE, 'tooLarge');
  const area = textOf(query, 'area');
  if (area && !searchAreas().includes(area)) throw invalid('notChoice', { field: 'area' });
  const yearText = textOf(query, 'year');
  if (yearText && !/^\d{4}$/.test(yearText)) throw invalid('notInteger', { field: 'year' });
  const results = await searchSite(
    language,
    textOf(query, 'q'),
    page,
    { area: area || undefined, year: yearText ? Number(yearText) : undefined },
    pageSize,
  );
  return {
    total: results.total,
    page: results.page,
    pageSize: results.pageSize,
    data: results.hits.map((hit) => ({
      resource: hit.resource,
      id: hit.id,
      title: hit.title,
      url: sitePath(language, hit.path),
      snippet: hit.snippet
        .map((piece) => (piece.mark ? `<mark>${escapeHtml(piece.text)}</mark>` : escapeHtml(piece.text)))
        .join(''),
      area: hit.route,
      date: hit.date ? wireInstant(new Date(hit.date)) : null,
    })),
    areas: results.areas.map((entry) => ({
      area: entry.area,
      label: translate(language, `site.routes.${entry.area}`),
      count: entry.count,
    })),
    ...(results.suggestion ? { suggestion: results.suggestion } : {}),
  };
}

export async function suggestCall(actor: Actor, { query }: CallInput) {
  const language = languageOf(actor, query);
  const titles = await suggestTitles(language, textOf(query, 'q'));
  return { data: titles.map((entry) => ({ title: entry.title, url: sitePath(language, entry.path) })) };
}
