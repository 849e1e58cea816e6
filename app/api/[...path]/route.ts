import { dispatch } from '@/lib/api/dispatch';

// The server's pipeline answers /api itself (lib/server/api.ts) before Next.js sees the request;
// this route serves the same dispatcher when Next.js runs alone (`next dev` without server.ts).
const handle = (request: Request) => dispatch(request);

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const DELETE = handle;
export const dynamic = 'force-dynamic';
