/**
 * The audit screen's action filter offers every action the log records (the model's list), so an
 * entry of any action, `bulk` included, can be looked for.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AuditScreen } from '../../components/admin/AuditScreen';
import { auditActions } from '../../lib/content/model/audit-actions';
import en from '../../messages/en';
import tw from '../../messages/tw';

jest.mock('next/navigation', () => ({
  usePathname: () => '/admin/audit',
  useRouter: () => ({ push: () => undefined }),
  useSearchParams: () => new URLSearchParams(),
}));
// Keys instead of texts: the test reads which actions are offered, not how they are worded.
jest.mock('next-intl', () => ({ useTranslations: () => (key: string) => key }));
jest.mock('swr', () => ({
  __esModule: true,
  default: () => ({ data: undefined, error: undefined, isLoading: true, mutate: () => undefined }),
}));
jest.mock('../../lib/client/hooks', () => ({ useClientLanguage: () => 'en' }));
jest.mock('../../lib/client/resources', () => ({ auditLogPage: () => Promise.resolve(undefined) }));
jest.mock('../../components/admin/AdminSession', () => ({ useAdminSession: () => ({ language: 'en' }) }));
// The screen's export buttons report failures through the shell's toasts.
jest.mock('../../components/admin/Toasts', () => ({ useReportError: () => () => undefined }));

/** The values of the action filter's options, in the order offered, "all" left out. */
function offeredActions(): string[] {
  const html = renderToStaticMarkup(createElement(AuditScreen));
  const select = /<select id="audit-action"[^>]*>([\s\S]*?)<\/select>/.exec(html);
  if (!select) throw new Error('no action filter on the audit screen');
  return [...select[1].matchAll(/<option value="([^"]*)"/g)].map((match) => match[1]).filter(Boolean);
}

describe('the audit screen action filter', () => {
  test('offers every action the log records, in the model order, bulk included', () => {
    expect(offeredActions()).toEqual([...auditActions]);
    expect(offeredActions()).toContain('bulk');
  });

  test('names every action in both languages', () => {
    for (const action of auditActions) {
      expect(en.admin.audit.actions).toHaveProperty(action);
      expect(tw.admin.audit.actions).toHaveProperty(action);
    }
  });
});
