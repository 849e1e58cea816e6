import { metricsResponse } from '@/lib/observability/metrics-endpoint';

// Prometheus metrics for a scraper holding METRICS_TOKEN (docs/operations.md).
export const GET = (request: Request) => metricsResponse(request);
export const dynamic = 'force-dynamic';
