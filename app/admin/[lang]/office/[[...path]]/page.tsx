import { notFound } from 'next/navigation';
import { AdminScreenView } from '@/components/admin/AdminScreenView';
import { adminHome, parseAdminPath, SETTINGS_SEGMENT } from '@/lib/admin/paths';
import { isWireLanguage } from '@/lib/i18n/languages';
import { settingsFieldViews } from '@/lib/admin/settings-form';
import { settingsDefinition } from '@/lib/content/settings';

/**
 * Every back-office screen: the browser path names it (lib/admin/paths.ts) and the client renders
 * it. The web settings' fields are described on the server, where their definition lives.
 */
export default async function OfficePage({ params }: PageProps<'/admin/[lang]/office/[[...path]]'>) {
  const { lang, path } = await params;
  // A path that names no screen is a 404 (office/not-found.tsx shows the back office's own screen).
  const screen = isWireLanguage(lang) ? parseAdminPath([adminHome(lang), ...(path ?? []).map(encodeURIComponent)].join('/'))?.screen : undefined;
  if (!screen || screen.kind === 'notFound') notFound();
  const settingsFields = path?.[0] === SETTINGS_SEGMENT ? settingsFieldViews(settingsDefinition.fields) : undefined;
  return <AdminScreenView settingsFields={settingsFields} />;
}
