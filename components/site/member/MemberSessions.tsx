import type { WireLanguage } from '@/lib/i18n/languages';
import form from '../form.module.css';
import { DateText } from '../DateText';
import { MemberForm } from './MemberForm';
import { MemberTable } from './MemberTable';
import { translationsIn } from '@/lib/i18n/params';

interface MemberSession {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  address: string | null;
  browser: string;
  current: boolean;
}

/** The Member's sign-ins, each with a form that ends it (not this one's), and one that ends all the others. */
export async function MemberSessions({
  language,
  sessions,
  error,
  notice,
}: {
  language: WireLanguage;
  sessions: MemberSession[];
  error: string | null;
  notice: string | null;
}) {
  const t = await translationsIn(language, 'memberInstitution.sessions');
  const others = sessions.filter((session) => !session.current).length;
  return (
    <>
      <p>{t('intro')}</p>
      {notice ? (
        <div className={`${form.notice} ${form.noticeSuccess}`} role="status">
          <p>{notice}</p>
        </div>
      ) : null}
      {error ? (
        <div className={`${form.notice} ${form.noticeError}`} role="alert">
          <p>{error}</p>
        </div>
      ) : null}
      <MemberTable
        caption={t('caption')}
        columns={[
          t('browser'),
          t('address'),
          t('started'),
          t('lastSeen'),
          <span key="end" className="visually-hidden">
            {t('end', { browser: '', address: '' })}
          </span>,
        ]}
      >
        {sessions.map((session) => {
          const browser = session.browser || t('unknownBrowser');
          return (
            <tr key={session.id}>
              <th scope="row">{browser}</th>
              <td>{session.address ?? ''}</td>
              <td>
                <DateText language={language} value={session.createdAt} style="datetime" />
              </td>
              <td>
                <DateText language={language} value={session.lastSeenAt} style="datetime" />
              </td>
              <td>
                {session.current ? (
                  t('current')
                ) : (
                  <MemberForm
                    language={language}
                    name="session-end"
                    submit={t('end', { browser, address: session.address ?? '' })}
                  >
                    <input type="hidden" name="id" value={session.id} />
                  </MemberForm>
                )}
              </td>
            </tr>
          );
        })}
      </MemberTable>
      {others ? (
        <MemberForm language={language} name="sessions-end-others" submit={t('endOthers')}>
          {null}
        </MemberForm>
      ) : null}
    </>
  );
}
