import type { MediaRequest } from '../client/resources';
import { filterSearch } from './pager';

/** The media library's filters, as they stand in its URL: `type` (image, file), `unused` (1), `keyword`. */
export const mediaFilterKeys = ['type', 'unused', 'keyword'] as const;

/** The `media/getlist` body of the screen's URL: filters left out when empty or unknown. */
export function mediaRequest(query: URLSearchParams, pageSize: number): MediaRequest {
  const request: MediaRequest = { page: Math.max(1, Math.floor(Number(query.get('page'))) || 1), pageSize };
  const type = query.get('type');
  const keyword = query.get('keyword')?.trim();
  if (type === 'image' || type === 'file') request.type = type;
  if (query.get('unused') === '1') request.unused = true;
  if (keyword) request.keyword = keyword;
  return request;
}

/** The query string of a filter state, `?…` or ''. */
export const mediaSearch = (values: Record<string, string>) => filterSearch(mediaFilterKeys, values);
