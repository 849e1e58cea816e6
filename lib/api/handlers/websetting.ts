import type { RequestContext } from '../context';
import { notFound } from '../errors';

// websetting/webinfo GET/POST and the visit counters (DESIGN §4) are built here.
export async function getWebInfo(context: RequestContext): Promise<Response> {
  throw notFound();
}

export async function saveWebInfo(context: RequestContext): Promise<Response> {
  throw notFound();
}

export type CounterName = 'visit' | 'old' | 'accessible';

export async function visitCount(context: RequestContext, counter: CounterName): Promise<Response> {
  throw notFound();
}
