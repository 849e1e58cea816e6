import { liveness } from '@/lib/observability/health';

// Liveness for supervisors (docs/operations.md): answers while the process serves.
export function GET() {
  return Response.json(liveness, { headers: { 'cache-control': 'no-store' } });
}
export const dynamic = 'force-dynamic';
