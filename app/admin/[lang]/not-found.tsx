import type { Metadata } from 'next';
import { AdminNotFound } from '@/components/admin/AdminNotFound';
import { messagesFor } from '@/lib/i18n/messages';

// A back-office path that names no screen (lib/admin/rewrite.ts), with the status 404.
export async function generateMetadata({ params }: { params: Promise<{ lang: string }> }): Promise<Metadata> {
  const { lang } = await params;
  return { title: messagesFor(lang === 'en' ? 'en' : 'tw').admin.notFound.title };
}

export default function NotFound() {
  return <AdminNotFound />;
}
