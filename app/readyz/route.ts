import { readiness } from '@/lib/observability/health';

// Readiness (docs/operations.md): 200 when the database answers and is migrated, else 503.
export async function GET() {
  const { ready, body } = await readiness();
  return Response.json(body, { status: ready ? 200 : 503, headers: { 'cache-control': 'no-store' } });
}
export const dynamic = 'force-dynamic';
