import { MemberField, MemberForm } from '@/components/site/member/MemberForm';
import { MemberFrame } from '@/components/site/member/MemberFrame';
import form from '@/components/site/form.module.css';
import { openPage, languageOf } from '@/lib/i18n/params';
import { memberPageMetadata } from '@/lib/public/member/metadata';
import { formErrorText, queryValue } from '@/lib/public/member/page';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/member/forgot'>) {
  return memberPageMetadata(await languageOf(params), 'forgot');
}

/** Asks for a password-reset link (account/forgotpassword's operation: the same answer whatever matched). */
export default async function MemberForgot({ params, searchParams }: PageProps<'/[locale]/member/forgot'>) {
  const { language, t } = await openPage(params, 'memberArea');
  const query = await searchParams;
  const error = await formErrorText(language, query);
  return (
    <MemberFrame language={language} title={t('forgot.title')}>
      {queryValue(query.sent) === '1' ? (
        <div className={`${form.notice} ${form.noticeSuccess}`} role="status">
          <p>{t('forgot.sent')}</p>
        </div>
      ) : (
        <>
          <p>{t('forgot.intro')}</p>
          <MemberForm language={language} name="forgot" error={error} submit={t('forgot.submit')}>
            <MemberField
              id="member-email"
              name="email"
              type="email"
              autoComplete="email"
              label={t('forgot.email')}
              invalid={!!error}
              errorId="forgot-error"
            />
          </MemberForm>
        </>
      )}
    </MemberFrame>
  );
}
