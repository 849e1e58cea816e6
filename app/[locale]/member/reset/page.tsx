import { MemberField, MemberForm } from '@/components/site/member/MemberForm';
import { MemberFrame } from '@/components/site/member/MemberFrame';
import form from '@/components/site/form.module.css';
import { openPage, languageOf } from '@/lib/i18n/params';
import accountDefinition from '@/lib/content/resources/account';
import { memberPageMetadata } from '@/lib/public/member/metadata';
import { formErrorText, queryValue } from '@/lib/public/member/page';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/member/reset'>) {
  return memberPageMetadata(await languageOf(params), 'reset');
}

/** A Member's new password, from the mailed link (`?token=`): account/resetpassword's operation. */
export default async function MemberReset({ params, searchParams }: PageProps<'/[locale]/member/reset'>) {
  const { language, t } = await openPage(params, 'memberArea');
  const query = await searchParams;
  const token = queryValue(query.token);
  const error = await formErrorText(language, query);
  const rules = t('rules', { min: accountDefinition.fields.password.min ?? 8 });
  return (
    <MemberFrame language={language} title={t('reset.title')}>
      {token ? (
        <MemberForm language={language} name="reset" error={error} submit={t('reset.submit')}>
          <input type="hidden" name="token" value={token} />
          <MemberField
            id="member-password"
            name="password"
            type="password"
            autoComplete="new-password"
            label={t('reset.password')}
            hint={rules}
            invalid={!!error}
            errorId="reset-error"
          />
          <MemberField
            id="member-confirm"
            name="confirm"
            type="password"
            autoComplete="new-password"
            label={t('reset.confirm')}
            invalid={!!error}
            errorId="reset-error"
          />
        </MemberForm>
      ) : (
        <div className={`${form.notice} ${form.noticeError}`} role="alert">
          <p>{t('reset.noToken')}</p>
        </div>
      )}
    </MemberFrame>
  );
}
