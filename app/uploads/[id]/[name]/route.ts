import { serveUpload } from '@/lib/uploads/serve';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: RouteContext<'/uploads/[id]/[name]'>) {
  const { id } = await params;
  return serveUpload(id);
}
