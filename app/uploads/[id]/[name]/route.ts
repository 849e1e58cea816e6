import { servePublicUpload } from '@/lib/public/uploads';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: RouteContext<'/uploads/[id]/[name]'>) {
  const { id } = await params;
  return servePublicUpload(id, new URL(request.url).searchParams, request.headers.get('if-none-match'));
}
