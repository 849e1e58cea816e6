import type { RequestContext } from '../context';
import { notFound } from '../errors';

// GET /api/openapi.json, generated from the registry, is built here.
export async function openapi(context: RequestContext): Promise<Response> {
  throw notFound();
}
