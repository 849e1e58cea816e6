import { readsAsMember } from '../cache/member-scope';
import { membersOnlyUploads } from '../content/storage/media';
import { serveUpload } from '../uploads/serve';

/**
 * `GET /uploads/{id}/{name}`: an upload that only rows for members only name is sent only to a
 * signed-in Member's request (lib/server/member-reads.ts), and never for a shared cache; to anyone
 * else it does not exist.
 */
export async function servePublicUpload(id: string, query: URLSearchParams, ifNoneMatch: string | null) {
  if (!(await membersOnlyUploads()).has(id)) return serveUpload(id, query, ifNoneMatch);
  if (!readsAsMember()) {
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  const answer = await serveUpload(id, query, ifNoneMatch);
  answer.headers.set('cache-control', 'private, no-store');
  return answer;
}
