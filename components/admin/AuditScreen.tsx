'use client';

import { useTranslations } from 'next-intl';
import { usePathname, useSearchParams } from 'next/navigation';
import useSWR from 'swr';
import { auditFilterKeys, auditRequest, auditSearch } from '@/lib/admin/audit';
import { DEFAULT_LIST_PAGE_SIZE } from '@/lib/admin/list';
import { clampPage, totalPages } from '@/lib/admin/pager';
import { useClientLanguage } from '@/lib/client/hooks';
import { auditLogPage, resourceApi } from '@/lib/client/resources';
import { auditActions, isAuditAction } from '@/lib/content/model/audit-actions';
import { allResources, findResource } from '@/lib/content/model/registry';
import webmemberdept from '@/lib/content/resources/webmemberdept';
import { useAdminSession } from './AdminSession';
import { FilterForm } from './FilterForm';
import { ListTable, LoadStatus } from './LoadStatus';
import { ExportButtons } from './ExportButtons';
import { Pager } from './Pager';
import { ScreenTitle } from './ScreenTitle';
import { formatWireDate } from '@/lib/admin/cells';

/**
 * Admins: the audit log, newest first, filtered by action, resource, account id, member institution and time;
 * the filters live in the URL.
 */
export function AuditScreen() {
  const { language } = useAdminSession();
  const t = useTranslations('admin');
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const query = new URLSearchParams(searchParams.toString());
  const request = auditRequest(query, DEFAULT_LIST_PAGE_SIZE);
  const { data, error, isLoading, mutate } = useSWR(['audit', useClientLanguage(), request], () =>
    auditLogPage(request),
  );
  const pages = totalPages(data?.total ?? 0, DEFAULT_LIST_PAGE_SIZE);
  const title = t('audit.title');
  // The institutions to filter by, in the back office's language (either row of one counts: see docs/api.md).
  const { data: institutions } = useSWR(['audit-institutions', language], () =>
    resourceApi(webmemberdept.name).selectList(),
  );
  const memberId = query.get('memberId') ?? '';
  const resourceName = (name: string | null) => (name ? (findResource(name)?.label[language] ?? name) : '');

  return (
    <>
      <ScreenTitle title={title}>
        <ExportButtons path="audit/export" body={request} />
      </ScreenTitle>
      <FilterForm keys={auditFilterKeys}>
        <div className="admin-field">
          <label htmlFor="audit-action">{t('audit.action')}</label>
          <select id="audit-action" name="action" defaultValue={query.get('action') ?? ''}>
            <option value="">{t('list.all')}</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {t(`audit.actions.${action}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="audit-resource">{t('audit.resource')}</label>
          <select id="audit-resource" name="resource" defaultValue={query.get('resource') ?? ''}>
            <option value="">{t('list.all')}</option>
            {allResources().map((definition) => (
              <option key={definition.name} value={definition.name}>
                {definition.label[language]}
              </option>
            ))}
            <option value="websetting">{t('settings.title')}</option>
            <option value="upload">{t('audit.uploads')}</option>
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="audit-account">{t('audit.accountId')}</label>
          <input
            id="audit-account"
            name="accountId"
            type="number"
            min={1}
            inputMode="numeric"
            defaultValue={query.get('accountId') ?? ''}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="audit-member">{t('audit.memberId')}</label>
          {/* Mounted again once the institutions arrive, so the URL's choice is selected. */}
          <select key={institutions ? 'loaded' : 'loading'} id="audit-member" name="memberId" defaultValue={memberId}>
            <option value="">{t('list.all')}</option>
            {(institutions ?? []).map((row) => (
              <option key={String(row.id)} value={String(row.id)}>
                {String(row[webmemberdept.titleField] ?? row.id)}
              </option>
            ))}
            {memberId && institutions && !institutions.some((row) => String(row.id) === memberId) ? (
              <option value={memberId}>#{memberId}</option>
            ) : null}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="audit-from">{t('audit.from')}</label>
          <input id="audit-from" name="from" type="date" defaultValue={query.get('from') ?? ''} />
        </div>
        <div className="admin-field">
          <label htmlFor="audit-to">{t('audit.to')}</label>
          <input id="audit-to" name="to" type="date" defaultValue={query.get('to') ?? ''} />
        </div>
      </FilterForm>
      <LoadStatus error={error} loading={isLoading && !data} retry={mutate} />
      {data ? (
        <ListTable
          name={title}
          total={data.total}
          columns={[
            t('audit.at'),
            t('audit.action'),
            t('audit.account'),
            t('audit.address'),
            t('audit.resource'),
            t('audit.row'),
            t('audit.language'),
            t('audit.summary'),
          ]}
          empty={t('list.empty')}
        >
          {data.data.map((entry) => (
            <tr key={entry.id}>
              <td>{formatWireDate(entry.at, language, true)}</td>
              <td>{isAuditAction(entry.action) ? t(`audit.actions.${entry.action}`) : entry.action}</td>
              <td>
                {entry.accountName ?? ''}
                {entry.accountId ? ` (#${entry.accountId})` : ''}
              </td>
              <td>{entry.clientAddress ?? ''}</td>
              <td>{resourceName(entry.resource)}</td>
              <td>{entry.rowId ?? ''}</td>
              <td>{entry.lang ?? ''}</td>
              <td>{entry.summary ?? ''}</td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      {data ? (
        <Pager
          page={clampPage(request.page, pages)}
          pages={pages}
          href={(page) => `${pathname}${auditSearch({ ...Object.fromEntries(query), page: String(page) })}`}
        />
      ) : null}
    </>
  );
}
