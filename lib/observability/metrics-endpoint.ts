import { timingSafeEqual } from 'node:crypto';
import { metrics } from './metrics';

/**
 * GET /metrics: the Prometheus text, only for a scraper that sends METRICS_TOKEN as a bearer token.
 * Without METRICS_TOKEN the endpoint does not exist (404).
 */
function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

export async function metricsResponse(request: Request, token = process.env.METRICS_TOKEN): Promise<Response> {
  if (!token) return plain(404, 'Not found: set METRICS_TOKEN to enable metrics.\n');
  const sent = /^Bearer\s+(\S+)$/i.exec((request.headers.get('authorization') ?? '').trim())?.[1];
  if (!sent || !sameToken(sent, token))
    return plain(401, 'Unauthorized\n', { 'www-authenticate': 'Bearer realm="metrics"' });
  const { registry } = metrics();
  return plain(200, await registry.metrics(), { 'content-type': registry.contentType });
}
