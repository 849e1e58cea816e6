'use client';

import { useTranslations } from 'next-intl';
import { usePathname } from 'next/navigation';
import { Suspense } from 'react';
import { rowActions } from '@/lib/admin/list';
import { roleMayManage } from '@/lib/admin/menu';
import { parseAdminPath } from '@/lib/admin/paths';
import { adminHome } from '@/lib/routing/back-office';
import type { SettingsFieldView } from '@/lib/admin/settings-form';
import { hasTrash, importable } from '@/lib/content/model/define';
import { findResource } from '@/lib/content/model/registry';
import { AuditScreen } from './AuditScreen';
import { useAdminSession } from './AdminSession';
import { CheckInScreen } from './CheckInScreen';
import { ContactScreen } from './ContactScreen';
import { Dashboard } from './Dashboard';
import { FormScreen } from './FormScreen';
import { ImportScreen } from './ImportScreen';
import { ListScreen } from './ListScreen';
import { ReviewScreen } from './ReviewScreen';
import { RosterScreen } from './RosterScreen';
import { MediaScreen } from './MediaScreen';
import { NewsletterScreen } from './NewsletterScreen';
import { GuardedLink } from './LeaveGuard';
import { ScreenTitle } from './ScreenTitle';
import { SecurityScreen } from './SecurityScreen';
import { SettingsScreen } from './SettingsScreen';
import { TrashScreen } from './TrashScreen';

/**
 * The screen the browser path names (lib/admin/paths.ts): one generic list and one generic form for
 * every resource of the registry, plus the dashboard, the web settings and the contact inbox's
 * message view. What the role may not do is not shown here either (the server refuses it anyway).
 */
export function AdminScreenView({ settingsFields }: { settingsFields?: SettingsFieldView[] }) {
  const pathname = usePathname();
  const { language, account } = useAdminSession();
  const t = useTranslations('admin');
  const screen = parseAdminPath(pathname)?.screen ?? { kind: 'notFound' as const };
  const definition = 'resource' in screen ? findResource(screen.resource) : undefined;
  const adminOnly = screen.kind === 'settings' || screen.kind === 'audit' || screen.kind === 'review';
  const forbidden = (definition && !roleMayManage(account.role, definition)) || (adminOnly && account.role !== 1);

  if (forbidden) {
    return (
      <>
        <ScreenTitle title={t('forbidden')} />
        <p>
          <GuardedLink href={adminHome(language)}>{t('notFound.back')}</GuardedLink>
        </p>
      </>
    );
  }
  switch (screen.kind) {
    case 'dashboard':
      return <Dashboard />;
    case 'settings':
      return <SettingsScreen fields={settingsFields ?? []} />;
    case 'audit':
      return (
        <Suspense fallback={<p role="status">{t('loading')}</p>}>
          <AuditScreen />
        </Suspense>
      );
    case 'media':
      return (
        <Suspense fallback={<p role="status">{t('loading')}</p>}>
          <MediaScreen />
        </Suspense>
      );
    case 'security':
      return <SecurityScreen />;
    case 'newsletter':
      return <NewsletterScreen />;
    case 'review':
      return (
        <Suspense fallback={<p role="status">{t('loading')}</p>}>
          <ReviewScreen />
        </Suspense>
      );
    case 'trash':
      if (!definition || !hasTrash(definition)) return <NotFound />;
      return (
        <Suspense fallback={<p role="status">{t('loading')}</p>}>
          <TrashScreen key={screen.resource} resource={screen.resource} />
        </Suspense>
      );
    case 'import':
      if (!definition || !importable(definition)) return <NotFound />;
      return <ImportScreen key={screen.resource} resource={screen.resource} />;
    case 'list':
      // The list keeps its filters and page in the query string.
      return (
        <Suspense fallback={<p role="status">{t('loading')}</p>}>
          <ListScreen
            key={`${screen.resource}/${screen.section ?? ''}`}
            resource={screen.resource}
            section={screen.section}
          />
        </Suspense>
      );
    case 'new':
    case 'edit': {
      // Contact messages come from visitors (with a captcha): the back office adds none.
      if (screen.kind === 'new' && definition && !rowActions(definition).add) return <NotFound />;
      const rowId = screen.kind === 'edit' ? screen.id : undefined;
      if (screen.resource === 'webcontact' && rowId !== undefined) return <ContactScreen key={rowId} id={rowId} />;
      return <FormScreen key={`${pathname}`} resource={screen.resource} section={screen.section} rowId={rowId} />;
    }
    case 'registrations':
      return <RosterScreen key={screen.id} id={screen.id} />;
    case 'checkin':
      return <CheckInScreen key={screen.id} id={screen.id} />;
    default:
      return <NotFound />;
  }
}

function NotFound() {
  const { language } = useAdminSession();
  const t = useTranslations('admin');
  return (
    <>
      <ScreenTitle title={t('notFound.title')} />
      <p>
        <GuardedLink href={adminHome(language)}>{t('notFound.back')}</GuardedLink>
      </p>
    </>
  );
}
