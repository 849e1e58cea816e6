import { NextIntlClientProvider } from 'next-intl';
import { redirect } from 'next/navigation';
import { HydratedPage } from '@/components/site/HydratedPage';
import { MemberField, MemberForm } from '@/components/site/member/MemberForm';
import { MemberFrame } from '@/components/site/member/MemberFrame';
import { MemberPasskeySignIn } from '@/components/site/member/MemberPasskeyForms';
import styles from '@/components/site/member/member.module.css';
import form from '@/components/site/form.module.css';
import { openPage, languageOf, messagesIn } from '@/lib/i18n/params';
import { sitePath } from '@/lib/routing/site';
import { memberPageMetadata } from '@/lib/public/member/metadata';
import { formErrorText, memberFormToken, queryValue, signedInMember } from '@/lib/public/member/page';
import { memberPaths } from '@/lib/routing/member';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/member/login'>) {
  return memberPageMetadata(await languageOf(params), 'login');
}

/**
 * The member area's sign-in: e-mail address and password, then the second step where the account has
 * one; or, with script, a passkey alone (the page keeps Next.js's runtime for that button).
 */
export default async function MemberLogin({ params, searchParams }: PageProps<'/[locale]/member/login'>) {
  const { language, t } = await openPage(params, 'memberArea');
  if (await signedInMember()) redirect(sitePath(language, memberPaths.home));
  const query = await searchParams;
  const error = await formErrorText(language, query);
  const passkeyError = await formErrorText(language, query, 'passkeyError');
  const messages = await messagesIn(language);
  const notice = (['welcomed', 'reset', 'signedOut'] as const).find((key) => queryValue(query[key]) === '1');
  return (
    <MemberFrame language={language} title={t('login.title')}>
      <p>{t('login.intro')}</p>
      {notice ? (
        <div className={`${form.notice} ${form.noticeSuccess}`} role="status">
          <p>{t(`login.${notice}`)}</p>
        </div>
      ) : null}
      <MemberForm language={language} name="login" error={error} submit={t('login.submit')}>
        <MemberField
          id="member-username"
          name="username"
          type="email"
          autoComplete="username"
          label={t('login.username')}
          invalid={!!error}
          errorId="login-error"
        />
        <MemberField
          id="member-password"
          name="password"
          type="password"
          autoComplete="current-password"
          label={t('login.password')}
          invalid={!!error}
          errorId="login-error"
        />
      </MemberForm>
      {passkeyError ? (
        <div className={`${form.notice} ${form.noticeError}`} role="alert">
          <p>{passkeyError}</p>
        </div>
      ) : null}
      <NextIntlClientProvider messages={{ memberArea: messages.memberArea }}>
        <HydratedPage part="passkey sign-in" />
        <MemberPasskeySignIn
          language={language}
          action={sitePath(language, memberPaths.form('passkey-login'))}
          xsrf={await memberFormToken()}
        />
      </NextIntlClientProvider>
      <div className={styles.links}>
        <a href={sitePath(language, memberPaths.forgot)}>{t('login.forgot')}</a>
      </div>
      <p>{t('login.access')}</p>
    </MemberFrame>
  );
}
