import { NotFound } from '@/components/admin/AdminScreenView';

// A back-office path that names no screen: the back office's own not-found screen, in its frame
// and language (app/admin/[lang]/layout.tsx), with the status 404.
export default function AdminNotFound() {
  return <NotFound />;
}
