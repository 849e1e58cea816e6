'use client';

import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { adminPath } from '@/lib/admin/paths';
import { useClientLanguage } from '@/lib/client/hooks';
import { review } from '@/lib/client/resources';
import { adminOwnGroups, buildMenu, entryMatches, type MenuEntry } from '@/lib/admin/menu';
import type { AdminScreen } from '@/lib/admin/paths';
import { useAdminSession } from './AdminSession';
import { GuardedLink } from './LeaveGuard';
import { adminHome } from '@/lib/routing/back-office';
import { reviewCountKey } from './ReviewScreen';

/**
 * The menu, grouped as the public site is. A group is a native disclosure (<details>), open when it
 * holds the current screen, so the whole menu works with the keyboard without any script of ours.
 */
export function AdminMenu({ screen, onNavigate }: { screen: AdminScreen; onNavigate: () => void }) {
  const { language, account } = useAdminSession();
  const t = useTranslations('admin');
  const routes = useTranslations('site.routes');
  const groups = buildMenu(language, account.role);
  const ownTitles = { audit: 'audit.title', media: 'media.title', newsletter: 'newsletter.title' } as const;
  const entryLabel = (entry: MenuEntry) =>
    entry.label ? entry.label[language] : t(ownTitles[entry.screen.kind as keyof typeof ownTitles] ?? 'settings.title');
  const link = (entry: MenuEntry) => {
    const current = entryMatches(entry, screen) && !entry.children;
    return (
      <GuardedLink href={entry.href} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
        {entryLabel(entry)}
      </GuardedLink>
    );
  };
  return (
    <ul className="admin-menu">
      <li>
        <GuardedLink
          href={adminHome(language)}
          aria-current={screen.kind === 'dashboard' ? 'page' : undefined}
          onClick={onNavigate}
        >
          {t('shell.dashboard')}
        </GuardedLink>
      </li>
      {account.role === 1 ? (
        <li>
          <GuardedLink
            href={adminPath(language, { kind: 'review' })}
            aria-current={screen.kind === 'review' ? 'page' : undefined}
            onClick={onNavigate}
          >
            {t('shell.review')}
            <ReviewBadge />
          </GuardedLink>
        </li>
      ) : null}
      {groups.map((group) => {
        const holdsCurrent = group.entries.some((entry) => entryMatches(entry, screen));
        return (
          <li key={group.id}>
            <details open={holdsCurrent || undefined}>
              <summary>
                {adminOwnGroups.includes(group.id) ? t(`groups.${group.id as 'pages' | 'system'}`) : routes(group.id)}
              </summary>
              <ul>
                {group.entries.map((entry) =>
                  entry.children ? (
                    <li key={entry.href}>
                      <span className="admin-menu-subhead">{entryLabel(entry)}</span>
                      <ul>
                        {entry.children.map((child) => (
                          <li key={child.href}>{link(child)}</li>
                        ))}
                      </ul>
                    </li>
                  ) : (
                    <li key={entry.href}>{link(entry)}</li>
                  ),
                )}
              </ul>
            </details>
          </li>
        );
      })}
    </ul>
  );
}

/** How many changes await approval, beside the menu's 待審核 entry (nothing while none does). */
function ReviewBadge() {
  const t = useTranslations('admin');
  const language = useClientLanguage();
  const { data } = useSWR(
    reviewCountKey(language),
    () => review.open({ page: 1, pageSize: 1 }).then((page) => page.total),
    // Refreshed every minute and after each decision, not on each return to the window (a confirm dialog is one).
    { refreshInterval: 60_000, revalidateOnFocus: false },
  );
  if (!data) return null;
  return (
    <span className="admin-badge" aria-label={t('shell.reviewCount', { count: data })}>
      {data}
    </span>
  );
}
