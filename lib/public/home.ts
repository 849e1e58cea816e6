import { resources } from '../content/registry';
import { listRows, type Row } from '../content/repository';
import { defaultSortOf } from '../content/table';
import { richTextToPlain } from '../security/sanitize';
import type { WireLanguage } from '../i18n/languages';

export interface Headline {
  id: number;
  title: string;
  summary: string;
  publishAt: Date;
  isPinned: boolean;
}

function headline(row: Row): Headline {
  const summary = (row.summary as string | null) || richTextToPlain((row.content as string | null) ?? '');
  return {
    id: row.id as number,
    title: String(row.title ?? ''),
    summary: summary.length > 160 ? `${summary.slice(0, 157)}…` : summary,
    publishAt: row.publishAt as Date,
    isPinned: row.isPinned === true,
  };
}

/** The newest public rows of a dated resource, read on the server (not over HTTP), as visitors see them. */
async function latest(resource: typeof resources.webnews, language: WireLanguage, limit: number): Promise<Headline[]> {
  const { rows } = await listRows(resource, { language, publicOnly: true }, {
    filters: {},
    sort: defaultSortOf(resource),
    page: 1,
    pageSize: limit,
  });
  return rows.map(headline);
}

export const latestNews = (language: WireLanguage, limit = 6) => latest(resources.webnews, language, limit);
export const latestBulletins = (language: WireLanguage, limit = 6) => latest(resources.webbulletin, language, limit);
