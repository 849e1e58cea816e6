import { AdminScreenView } from '@/components/admin/AdminScreenView';
import { adminSegments } from '@/lib/routing/back-office';
import { settingsFieldViews } from '@/lib/admin/settings-form';
import settingsDefinition from '@/lib/content/resources/websetting';

/**
 * Every back-office screen: the browser path names it (lib/admin/paths.ts) and the client renders
 * it. The web settings' fields are described on the server, where their definition lives.
 */
export default async function OfficePage({ params }: PageProps<'/admin/[lang]/office/[[...path]]'>) {
  const { path } = await params;
  const settings = path?.[0] === adminSegments.settings;
  const settingsFields = settings ? settingsFieldViews(settingsDefinition.fields) : undefined;
  return <AdminScreenView settingsFields={settingsFields} />;
}
