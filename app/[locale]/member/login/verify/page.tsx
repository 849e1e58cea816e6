import { NextIntlClientProvider } from 'next-intl';
import { HydratedPage } from '@/components/site/HydratedPage';
import { MemberField, MemberForm } from '@/components/site/member/MemberForm';
import { MemberPasskeyVerify } from '@/components/site/member/MemberPasskeyForms';
import { MemberFrame } from '@/components/site/member/MemberFrame';
import styles from '@/components/site/member/member.module.css';
import { openPage, languageOf, messagesIn } from '@/lib/i18n/params';
import { sitePath } from '@/lib/routing/site';
import { memberPageMetadata } from '@/lib/public/member/metadata';
import { formErrorText, memberFormToken, verifyPasskeyOptions } from '@/lib/public/member/page';
import { memberPaths } from '@/lib/routing/member';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/member/login/verify'>) {
  return memberPageMetadata(await languageOf(params), 'verify');
}

/**
 * A member sign-in's second step: an authenticator or recovery code (the ticket waits in a cookie),
 * or, with script, one of the account's passkeys (the page then keeps Next.js's runtime for it).
 */
export default async function MemberVerify({ params, searchParams }: PageProps<'/[locale]/member/login/verify'>) {
  const { language, t } = await openPage(params, 'memberArea');
  const error = await formErrorText(language, await searchParams);
  const passkeyOptions = await verifyPasskeyOptions(language);
  const messages = passkeyOptions ? await messagesIn(language) : null;
  return (
    <MemberFrame language={language} title={t('verify.title')}>
      <p>{t('verify.intro')}</p>
      <MemberForm language={language} name="verify" error={error} submit={t('verify.submit')}>
        <MemberField
          id="member-code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          label={t('verify.code')}
          invalid={!!error}
          errorId="verify-error"
        />
      </MemberForm>
      {passkeyOptions && messages ? (
        <NextIntlClientProvider messages={{ memberArea: messages.memberArea }}>
          <HydratedPage part="passkey verification" />
          <MemberPasskeyVerify
            action={sitePath(language, memberPaths.form('verify'))}
            xsrf={await memberFormToken()}
            options={passkeyOptions}
          />
        </NextIntlClientProvider>
      ) : null}
      <div className={styles.links}>
        <a href={sitePath(language, memberPaths.login)}>{t('verify.restart')}</a>
      </div>
    </MemberFrame>
  );
}
