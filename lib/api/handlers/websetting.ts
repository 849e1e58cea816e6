import type { RequestContext } from '../context';
import { notFound } from '../errors';

// websetting/webinfo GET/POST and the visit counters (DESIGN §4) are built here.
export async function webinfo(context: RequestContext): Promise<Response> {
  throw notFound();
}
