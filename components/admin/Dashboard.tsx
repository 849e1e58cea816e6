'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { resourcesInMenuOrder } from '@/lib/admin/menu';
import { traits } from '@/lib/content/model/define';
import { adminPath, sectionFieldOf } from '@/lib/admin/paths';
import { mailStatus, resourceApi, review, webSettings, type MailStatus } from '@/lib/client/resources';
import { useAdminSession } from './AdminSession';
import { MySubmissions } from './PendingChange';
import { DueForReview } from './ReviewDates';
import { reviewCountKey } from './ReviewScreen';
import { ScreenTitle } from './ScreenTitle';
import { SearchQueries } from './SearchQueries';
import { formatWireDate } from '@/lib/admin/cells';

const NEWEST_MESSAGES = 5;

/**
 * Counts per resource, the newest contact messages, the visit counters, what visitors searched for
 * (Admins) and the state of e-mail.
 */
export function Dashboard() {
  const { language, account } = useAdminSession();
  const t = useTranslations('admin');
  const definitions = resourcesInMenuOrder(account.role);
  // One page of one row each: the client groups these calls into one batch request.
  // With, for resources with counterparts, how many rows wait for their translation (`stale`).
  const counts = useSWR(['dashboard-counts', language, account.role], () =>
    Promise.all(
      definitions.map((d) =>
        Promise.all([
          resourceApi(d.name)
            .getList({ page: 1, pageSize: 1 })
            .then((list) => list.total),
          traits(d).localized
            ? resourceApi(d.name)
                .getList({ page: 1, pageSize: 1, stale: true })
                .then((list) => list.total)
            : undefined,
        ]),
      ),
    ),
  );
  const messages = useSWR(['dashboard-messages', language], () =>
    resourceApi('webcontact').getList({ page: 1, pageSize: NEWEST_MESSAGES, sort: 'createdAt', direction: 'desc' }),
  );
  const counters = useSWR(['dashboard-counters', language], () => webSettings.counters(), { revalidateOnFocus: false });
  const mail = useSWR(['dashboard-mail', language], () => mailStatus());
  const awaiting = useSWR(account.role === 1 ? reviewCountKey(language) : null, () =>
    review.open({ page: 1, pageSize: 1 }).then((page) => page.total),
  );

  const countsData = counts.data;
  const countersData = counters.data;
  const listHref = (name: string) => {
    const first = sectionFieldOf(definitions.find((d) => d.name === name)!)?.list[0].value;
    return adminPath(language, { kind: 'list', resource: name, ...(first === undefined ? {} : { section: first }) });
  };

  return (
    <>
      <ScreenTitle title={t('dashboard.title')} />
      <div className="admin-dashboard">
        {awaiting.data ? (
          <p className="admin-pending admin-dashboard-wide">
            <Link href={adminPath(language, { kind: 'review' })}>{t('review.awaiting', { count: awaiting.data })}</Link>
          </p>
        ) : null}
        <section aria-labelledby="dash-due" className="admin-dashboard-wide">
          <h2 id="dash-due">{t('reviewCycle.due')}</h2>
          <DueForReview />
        </section>
        {account.role === 0 ? (
          <section aria-labelledby="dash-submissions" className="admin-dashboard-wide">
            <h2 id="dash-submissions">{t('review.mine')}</h2>
            <MySubmissions />
          </section>
        ) : null}
        <section aria-labelledby="dash-messages">
          <h2 id="dash-messages">{t('dashboard.newestMessages')}</h2>
          {messages.data ? (
            messages.data.data.length ? (
              <ul className="admin-message-list">
                {messages.data.data.map((row) => (
                  <li key={String(row.id)}>
                    <Link href={adminPath(language, { kind: 'edit', resource: 'webcontact', id: Number(row.id) })}>
                      {String(row.subject ?? '')}
                    </Link>
                    <span>
                      {String(row.name ?? '')} · {formatWireDate(String(row.createdAt ?? ''), language, true)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('dashboard.noMessages')}</p>
            )
          ) : (
            <p role="status">{messages.error ? t('loadFailed') : t('loading')}</p>
          )}
        </section>
        <section aria-labelledby="dash-counters">
          <h2 id="dash-counters">{t('dashboard.counters')}</h2>
          {countersData ? (
            <>
              <dl className="admin-counters">
                {(['visit', 'accessible', 'old'] as const).map((key) => (
                  <div key={key}>
                    <dt>{t(`dashboard.${key}`)}</dt>
                    <dd>{countersData[key].count.toLocaleString(language === 'tw' ? 'zh-TW' : 'en')}</dd>
                  </div>
                ))}
              </dl>
              {countersData.visit.date ? (
                <p>{t('dashboard.updated', { date: formatWireDate(countersData.visit.date, language, false) })}</p>
              ) : null}
            </>
          ) : (
            <p role="status">{counters.error ? t('loadFailed') : t('loading')}</p>
          )}
        </section>
        {account.role === 1 ? <SearchQueries /> : null}
        <section aria-labelledby="dash-mail" className="admin-dashboard-wide">
          <h2 id="dash-mail">{t('dashboard.mail')}</h2>
          {mail.data ? (
            <MailQueue state={mail.data} />
          ) : (
            <p role="status">{mail.error ? t('loadFailed') : t('loading')}</p>
          )}
        </section>
        <section aria-labelledby="dash-counts" className="admin-dashboard-wide">
          <h2 id="dash-counts">{t('dashboard.counts')}</h2>
          {countsData ? (
            <table className="admin-table admin-count-table">
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.resource')}</th>
                  <th scope="col">{t('dashboard.count')}</th>
                  <th scope="col">{t('dashboard.stale')}</th>
                </tr>
              </thead>
              <tbody>
                {definitions.map((d, i) => (
                  <tr key={d.name}>
                    <th scope="row">
                      <Link href={listHref(d.name)}>{d.label[language]}</Link>
                    </th>
                    <td>{countsData[i][0]}</td>
                    <td>
                      {countsData[i][1] ? (
                        <Link href={`${listHref(d.name)}?stale=1`}>{countsData[i][1]}</Link>
                      ) : (
                        countsData[i][1]
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p role="status">{counts.error ? t('loadFailed') : t('loading')}</p>
          )}
        </section>
      </div>
    </>
  );
}

/** Whether e-mail is on, how many mails wait, and (for Admins) the ones that keep failing. */
function MailQueue({ state }: { state: MailStatus }) {
  const t = useTranslations('admin.dashboard');
  const { language } = useAdminSession();
  if (!state.enabled) return <p className="admin-mail-off">{t('mailOff')}</p>;
  return (
    <>
      <p>{t('mailOn', { pending: state.pending })}</p>
      <p className={state.failingCount ? 'admin-error' : undefined}>
        {state.failingCount ? t('mailFailing', { count: state.failingCount }) : t('mailFailingNone')}
      </p>
      {state.failing.length ? (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('mailSubject')}</th>
              <th scope="col">{t('mailTo')}</th>
              <th scope="col">{t('mailAttempts')}</th>
              <th scope="col">{t('mailError')}</th>
              <th scope="col">{t('mailNext')}</th>
            </tr>
          </thead>
          <tbody>
            {state.failing.map((mail) => (
              <tr key={mail.id}>
                <th scope="row">{mail.subject}</th>
                <td>{mail.recipients.join(', ')}</td>
                <td>{mail.attempts}</td>
                <td>{mail.lastError}</td>
                <td>{mail.nextAttemptAt ? formatWireDate(mail.nextAttemptAt, language, true) : t('mailGivenUp')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
