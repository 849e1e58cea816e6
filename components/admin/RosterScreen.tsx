'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { formatWireDate } from '@/lib/admin/cells';
import { adminPath } from '@/lib/admin/paths';
import { registrationsClient, type RosterRow } from '@/lib/client/resources';
import { useClientLanguage } from '@/lib/client/hooks';
import { ROSTER_FILTERS, registrantDefinition } from '@/lib/content/model/registration';
import { useAdminSession } from './AdminSession';
import { ExportButtons } from './ExportButtons';
import { GuardedLink } from './LeaveGuard';
import { FilterButtons, ListTable, LoadStatus } from './LoadStatus';
import { ScreenTitle } from './ScreenTitle';
import { useReportError, useToast } from './Toasts';

const PAGE_SIZE = 200;
type Field = keyof typeof registrantDefinition.fields;

/**
 * 報名名單 / Sign-ups of one activity (docs/back-office.md): the counts, the list with a keyword and a
 * status filter, add by hand, edit, cancel, move from the waiting list, delete a person's data
 * (Admins), export, e-mail the registrants, and the way to check-in.
 */
export function RosterScreen({ id }: { id: number }) {
  const { language, account } = useAdminSession();
  const t = useTranslations('admin.registrations');
  const tList = useTranslations('admin.list');
  const toast = useToast();
  const reportError = useReportError();
  const [filter, setFilter] = useState({ keyword: '', status: '' });
  const request = { page: 1, pageSize: PAGE_SIZE, ...filter };
  const { data, error, isLoading, mutate } = useSWR(['roster', useClientLanguage(), id, request], () =>
    registrationsClient.roster(id, request),
  );
  const label = (field: Field) => registrantDefinition.fields[field].label[language];
  const asked = (data?.askFields ?? []).map((f) => f.name as Field);

  const run = async <T,>(work: () => Promise<T>, done: string | ((result: T) => string)) => {
    try {
      const result = await work();
      toast.success(typeof done === 'string' ? done : done(result));
      await mutate();
      return true;
    } catch (failure) {
      reportError(failure);
      return false;
    }
  };
  const formValues = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
  };

  const title = data ? `${t('title')}：${data.activity.title}` : t('title');
  return (
    <>
      <ScreenTitle title={title}>
        <ExportButtons path={`webactivity/registrations/export/${id}`} body={filter} />
      </ScreenTitle>
      <p>
        <GuardedLink href={adminPath(language, { kind: 'checkin', id })}>{t('checkinLink')}</GuardedLink>
        {' · '}
        <GuardedLink href={adminPath(language, { kind: 'edit', resource: 'webactivity', id })}>
          {t('activityLink')}
        </GuardedLink>
      </p>
      {data && (
        <p role="status" className="admin-roster-counts">
          {t('counts', {
            confirmed: data.counts.confirmed,
            seats: data.counts.seatsConfirmed,
            capacity: data.counts.capacity ?? '∞',
            waitlisted: data.counts.waitlisted,
            cancelled: data.counts.cancelled,
            attended: data.counts.attended,
          })}
        </p>
      )}
      <form
        className="admin-filters"
        role="search"
        aria-label={tList('filters')}
        onSubmit={(event) => {
          const values = formValues(event);
          setFilter({ keyword: values.keyword ?? '', status: values.status ?? '' });
        }}
      >
        <div className="admin-field">
          <label htmlFor="roster-keyword">{tList('keyword')}</label>
          <input id="roster-keyword" name="keyword" type="search" defaultValue={filter.keyword} />
        </div>
        <div className="admin-field">
          <label htmlFor="roster-status">{tList('statusFilter')}</label>
          <select id="roster-status" name="status" defaultValue={filter.status}>
            <option value="">{tList('all')}</option>
            {ROSTER_FILTERS.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <FilterButtons
          active={Boolean(filter.keyword || filter.status)}
          onClear={() => setFilter({ keyword: '', status: '' })}
        />
      </form>
      <LoadStatus error={error} loading={isLoading && !data} retry={mutate} />
      {data ? (
        <ListTable
          name={t('title')}
          total={data.total}
          columns={[
            t('columns.code'),
            label('name'),
            label('email'),
            label('seats'),
            ...asked.map(label),
            t('columns.status'),
            t('columns.attendedAt'),
            t('columns.createdAt'),
            t('actions'),
          ]}
          empty={tList('empty')}
        >
          {data.data.map((row) => (
            <tr key={row.id}>
              <td>{row.code}</td>
              <td>{row.name}</td>
              <td>{row.email}</td>
              <td>{row.seats}</td>
              {asked.map((field) => (
                <td key={field}>{String(row[field] ?? '')}</td>
              ))}
              <td>{t(`status.${row.status}`)}</td>
              <td>{row.attendedAt ? formatWireDate(row.attendedAt, language, true) : ''}</td>
              <td>{formatWireDate(row.createdAt, language, true)}</td>
              <td>
                <RowActions
                  row={row}
                  asked={asked}
                  admin={account.role === 1}
                  onChange={(body, done) => run(() => registrationsClient.update({ id: row.id, ...body }), done)}
                  onErase={() => run(() => registrationsClient.erase(row.id), t('erased'))}
                />
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      <details className="admin-roster-panel">
        <summary>{t('addTitle')}</summary>
        <form
          onSubmit={(event) => {
            const form = event.currentTarget;
            const values = formValues(event);
            void run(() => registrationsClient.add(id, values), t('added')).then((ok) => ok && form.reset());
          }}
        >
          {(['name', 'email', 'seats', ...asked] as Field[]).map((field) => (
            <div key={field} className="admin-field">
              <label htmlFor={`roster-add-${field}`}>{label(field)}</label>
              <input
                id={`roster-add-${field}`}
                name={field}
                type={field === 'seats' ? 'number' : field === 'email' ? 'email' : 'text'}
                min={field === 'seats' ? 1 : undefined}
                defaultValue={field === 'seats' ? '1' : undefined}
                required={field === 'name' || field === 'email'}
              />
            </div>
          ))}
          <button type="submit" className="admin-button-primary">
            {t('add')}
          </button>
        </form>
      </details>
      <details className="admin-roster-panel">
        <summary>{t('mailTitle')}</summary>
        <form
          onSubmit={(event) => {
            const values = formValues(event);
            void run(
              () =>
                registrationsClient.mail(id, {
                  subject: values.subject,
                  text: values.text,
                  status: values.status || undefined,
                }),
              (answer) => t('mailed', { count: answer.queued }),
            );
          }}
        >
          <div className="admin-field">
            <label htmlFor="roster-mail-to">{t('mailTo')}</label>
            <select id="roster-mail-to" name="status" defaultValue="">
              <option value="">{t('mailAll')}</option>
              {ROSTER_FILTERS.filter((status) => status !== 'cancelled').map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="roster-mail-subject">{t('mailSubject')}</label>
            <input id="roster-mail-subject" name="subject" required maxLength={200} />
          </div>
          <div className="admin-field">
            <label htmlFor="roster-mail-text">{t('mailText')}</label>
            <textarea id="roster-mail-text" name="text" required rows={6} maxLength={10000} />
          </div>
          <button type="submit" className="admin-button-primary">
            {t('mailSend')}
          </button>
        </form>
      </details>
    </>
  );
}

/** A sign-up's own actions: move from the waiting list, cancel, edit (a disclosure), delete the person's data. */
function RowActions({
  row,
  asked,
  admin,
  onChange,
  onErase,
}: {
  row: RosterRow;
  asked: Field[];
  admin: boolean;
  onChange: (body: Record<string, unknown>, done: string) => Promise<boolean>;
  onErase: () => Promise<boolean>;
}) {
  const { language } = useAdminSession();
  const t = useTranslations('admin.registrations');
  const label = (field: Field) => registrantDefinition.fields[field].label[language];
  const who = row.name || row.code;
  return (
    <div className="admin-row-actions">
      {row.status === 'waitlisted' && (
        <button type="button" onClick={() => void onChange({ status: 'confirmed' }, t('moved'))}>
          {t('confirm', { name: who })}
        </button>
      )}
      {row.status !== 'cancelled' && (
        <button type="button" onClick={() => void onChange({ status: 'cancelled' }, t('cancelled'))}>
          {t('cancel', { name: who })}
        </button>
      )}
      {row.status !== 'cancelled' && (
        <details>
          <summary>{t('edit', { name: who })}</summary>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void onChange(Object.fromEntries(new FormData(event.currentTarget)), t('saved'));
            }}
          >
            {(['name', 'email', 'seats', ...asked] as Field[]).map((field) => (
              <div key={field} className="admin-field">
                <label htmlFor={`roster-${row.id}-${field}`}>{label(field)}</label>
                <input
                  id={`roster-${row.id}-${field}`}
                  name={field}
                  type={field === 'seats' ? 'number' : 'text'}
                  min={field === 'seats' ? 1 : undefined}
                  defaultValue={String(row[field] ?? '')}
                />
              </div>
            ))}
            <button type="submit">{t('save')}</button>
          </form>
        </details>
      )}
      {admin && row.email && (
        <button
          type="button"
          onClick={() => {
            if (window.confirm(t('eraseConfirm', { name: who }))) void onErase();
          }}
        >
          {t('erase', { name: who })}
        </button>
      )}
    </div>
  );
}
