import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { MemberEntry } from '@/components/site/member/MemberEntry';
import { MemberField, MemberForm } from '@/components/site/member/MemberForm';
import { MemberFrame } from '@/components/site/member/MemberFrame';
import { MemberPasskeys } from '@/components/site/member/MemberPasskeys';
import { MemberSections } from '@/components/site/member/MemberSections';
import form from '@/components/site/form.module.css';
import styles from '@/components/site/member/member.module.css';
import { pendingTotpSecret, secondFactorState } from '@/lib/content/auth/second-factor';
import { mustEnrol } from '@/lib/content/operations/second-factor-policy';
import { MEMBER_CODES_COOKIE } from '@/lib/http/cookies';
import { openPage, languageOf } from '@/lib/i18n/params';
import { sitePath } from '@/lib/routing/site';
import { memberPageMetadata } from '@/lib/public/member/metadata';
import { formErrorText, memberPasskeys, queryValue, signedInMember } from '@/lib/public/member/page';
import { memberPaths } from '@/lib/routing/member';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/member'>) {
  return memberPageMetadata(await languageOf(params), 'home');
}

/**
 * 會員專區: the signed-in Member's own page (anyone else is sent to the sign-in): their account and
 * its two-step verification (an authenticator app, passkeys), which comes first when the
 * second-factor policy asks Members for one.
 */
export default async function MemberHome({ params, searchParams }: PageProps<'/[locale]/member'>) {
  const { language, t } = await openPage(params, 'memberArea');
  const signedIn = await signedInMember();
  if (!signedIn) redirect(sitePath(language, memberPaths.login));
  const { account, institution } = signedIn;
  const query = await searchParams;
  const error = await formErrorText(language, query);
  const security = await secondFactorState(account.id);
  const pending = security.totp ? null : await pendingTotpSecret(account.id);
  const required = await mustEnrol(account);
  const passkeyNotice = queryValue(query.passkey);
  const codes = queryValue(query.enabled) === '1' ? (await cookies()).get(MEMBER_CODES_COOKIE)?.value : undefined;
  return (
    <MemberFrame language={language} title={t('home.title')}>
      <MemberSections language={language} current="home" />
      <section aria-labelledby="member-account">
        <h2 id="member-account" className="section-title">
          {t('home.account')}
        </h2>
        <p>{t('home.signedInAs', { name: account.displayName, institution })}</p>
        {account.member.keyContact ? <p>{t('home.keyContact')}</p> : null}
        <MemberForm language={language} name="logout" submit={t('home.signOut')}>
          {null}
        </MemberForm>
      </section>
      <section aria-labelledby="member-security" id="security">
        <h2 id="member-security" className="section-title">
          {t('home.security.title')}
        </h2>
        {required ? (
          <div className={`${form.notice} ${form.noticeError}`} role="status">
            <p>{t('home.security.required')}</p>
          </div>
        ) : null}
        {codes ? (
          <div className={`${form.notice} ${form.noticeSuccess}`} role="status">
            <p>
              <strong>{t('home.security.codesTitle')}</strong>
            </p>
            <p>{t('home.security.codesIntro')}</p>
            <ul className={styles.codes}>
              {codes.split(' ').map((code) => (
                <li key={code}>
                  <code>{code}</code>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {security.totp ? (
          <p>{t('home.security.on')}</p>
        ) : pending ? (
          <>
            <p>{t('home.security.secretIntro')}</p>
            <p>
              {t('home.security.secret')}:{' '}
              <code className={styles.secret}>{pending.replace(/(.{4})/g, '$1 ').trim()}</code>
            </p>
            <MemberForm language={language} name="totp-enable" error={error} submit={t('home.security.enable')}>
              <MemberField
                id="member-totp-code"
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                label={t('home.security.code')}
                invalid={!!error}
                errorId="totp-enable-error"
              />
            </MemberForm>
          </>
        ) : (
          <>
            <p>{t('home.security.off')}</p>
            <MemberForm language={language} name="totp-setup" error={error} submit={t('home.security.setup')}>
              {null}
            </MemberForm>
          </>
        )}
        <MemberPasskeys
          language={language}
          passkeys={await memberPasskeys(language, account)}
          error={await formErrorText(language, query, 'passkeyError')}
          notice={passkeyNotice === 'added' || passkeyNotice === 'removed' ? passkeyNotice : null}
        />
      </section>
      {required ? null : <MemberEntry language={language} account={account} query={query} />}
    </MemberFrame>
  );
}
