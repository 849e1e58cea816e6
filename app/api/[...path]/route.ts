import { dispatch } from '@/lib/api/dispatch';

// Every API path is served by the registry's dispatcher (lib/api); this file only hands over.
const handle = (request: Request) => dispatch(request);

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const DELETE = handle;
export const dynamic = 'force-dynamic';
