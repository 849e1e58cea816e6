import { MemberField, MemberForm } from '@/components/site/member/MemberForm';
import { MemberFrame } from '@/components/site/member/MemberFrame';
import form from '@/components/site/form.module.css';
import { openPage, languageOf } from '@/lib/i18n/params';
import accountDefinition from '@/lib/content/resources/account';
import { openInvitation } from '@/lib/content/operations/member-invitations';
import { memberPageMetadata } from '@/lib/public/member/metadata';
import { formErrorText, queryValue } from '@/lib/public/member/page';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/member/welcome'>) {
  return memberPageMetadata(await languageOf(params), 'welcome');
}

/** Where an invitation's link (`?token=`, 7 days, once) leads: the new Member chooses a password. */
export default async function MemberWelcome({ params, searchParams }: PageProps<'/[locale]/member/welcome'>) {
  const { language, t } = await openPage(params, 'memberArea');
  const query = await searchParams;
  const token = queryValue(query.token);
  const invitation = token ? await openInvitation(token) : null;
  const error = await formErrorText(language, query);
  const rules = t('rules', { min: accountDefinition.fields.password.min ?? 8 });
  return (
    <MemberFrame language={language} title={t('welcome.title')}>
      {invitation ? (
        <>
          <p>
            {t('welcome.intro', {
              name: invitation.name,
              institution: invitation.institution,
              email: invitation.email,
            })}
          </p>
          <MemberForm language={language} name="welcome" error={error} submit={t('welcome.submit')}>
            <input type="hidden" name="token" value={token} />
            {/* The username, for the browser's password manager to keep with the password. */}
            <input type="hidden" name="username" autoComplete="username" value={invitation.email} />
            <MemberField
              id="member-password"
              name="password"
              type="password"
              autoComplete="new-password"
              label={t('welcome.password')}
              hint={rules}
              invalid={!!error}
              errorId="welcome-error"
            />
            <MemberField
              id="member-confirm"
              name="confirm"
              type="password"
              autoComplete="new-password"
              label={t('welcome.confirm')}
              invalid={!!error}
              errorId="welcome-error"
            />
          </MemberForm>
        </>
      ) : (
        <div className={`${form.notice} ${form.noticeError}`} role="alert">
          <p>{t('welcome.invalid')}</p>
        </div>
      )}
    </MemberFrame>
  );
}
