import { AdminShell } from '@/components/admin/AdminShell';
import type { WireLanguage } from '@/lib/i18n/languages';

export default async function OfficeLayout({ children, params }: LayoutProps<'/admin/[lang]/office'>) {
  const { lang } = await params;
  return <AdminShell language={lang as WireLanguage}>{children}</AdminShell>;
}
