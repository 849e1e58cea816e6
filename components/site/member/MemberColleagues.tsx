import type { Roster } from '@/lib/content/operations/member-contacts';
import type { WireLanguage } from '@/lib/i18n/languages';
import form from '../form.module.css';
import { MemberField, MemberForm } from './MemberForm';
import { MemberTable } from './MemberTable';
import { translationsIn } from '@/lib/i18n/params';

/**
 * The key contact's institution's accounts, each colleague with a remove form, the invitations not
 * yet accepted, and the invitation form while the institution is under its limit.
 */
export async function MemberColleagues({
  language,
  roster,
  self,
  error,
  notice,
}: {
  language: WireLanguage;
  roster: Roster;
  /** The signed-in key contact's own account, which they cannot remove. */
  self: number;
  error: string | null;
  notice?: 'invited' | 'removed';
}) {
  const t = await translationsIn(language, 'memberInstitution.colleagues');
  const used = roster.data.length + roster.invitations.length;
  return (
    <>
      <p>{t('intro', { institution: roster.institution, max: roster.max })}</p>
      {notice ? (
        <div className={`${form.notice} ${form.noticeSuccess}`} role="status">
          <p>{t(notice)}</p>
        </div>
      ) : null}
      <MemberTable
        caption={t('caption', { institution: roster.institution })}
        columns={[
          t('name'),
          t('email'),
          t('lastLogin'),
          <span key="remove" className="visually-hidden">
            {t('remove', { name: '' })}
          </span>,
        ]}
      >
        {roster.data.map((colleague) => (
          <tr key={colleague.id}>
            <th scope="row">{colleague.name}</th>
            <td>{colleague.email}</td>
            <td>{colleague.lastLoginAt?.replace('T', ' ') ?? t('never')}</td>
            <td>
              {colleague.id === self ? (
                t('you')
              ) : colleague.keyContact ? (
                t('keyContact')
              ) : (
                <MemberForm language={language} name="contact-remove" submit={t('remove', { name: colleague.name })}>
                  <input type="hidden" name="id" value={colleague.id} />
                </MemberForm>
              )}
            </td>
          </tr>
        ))}
      </MemberTable>
      {roster.invitations.length ? (
        <section aria-labelledby="colleagues-pending">
          <h2 id="colleagues-pending" className="section-title">
            {t('pending')}
          </h2>
          <ul>
            {roster.invitations.map((invitation) => (
              <li key={invitation.id}>
                {t('expires', {
                  name: invitation.name,
                  email: invitation.email,
                  date: invitation.expiresAt.replace('T', ' '),
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="colleagues-invite">
        <h2 id="colleagues-invite" className="section-title">
          {t('invite')}
        </h2>
        {used >= roster.max ? (
          <>
            {error ? (
              <div className={`${form.notice} ${form.noticeError}`} role="alert">
                <p>{error}</p>
              </div>
            ) : null}
            <p>{t('full', { max: roster.max })}</p>
          </>
        ) : (
          <MemberForm language={language} name="contact-invite" error={error} submit={t('inviteSubmit')}>
            <MemberField
              id="colleague-name"
              name="name"
              autoComplete="off"
              label={t('name')}
              invalid={!!error}
              errorId="contact-invite-error"
            />
            <MemberField
              id="colleague-email"
              name="email"
              type="email"
              autoComplete="off"
              label={t('email')}
              invalid={!!error}
              errorId="contact-invite-error"
            />
          </MemberForm>
        )}
      </section>
    </>
  );
}
