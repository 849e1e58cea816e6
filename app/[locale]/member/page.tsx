import { redirect } from 'next/navigation';
import { MemberForm } from '@/components/site/member/MemberForm';
import { MemberFrame } from '@/components/site/member/MemberFrame';
import { localeOf, openPage } from '@/lib/i18n/params';
import { sitePath } from '@/lib/i18n/languages';
import { memberPageMetadata } from '@/lib/public/member/metadata';
import { signedInMember } from '@/lib/public/member/page';
import { memberPaths } from '@/lib/public/member/paths';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/member'>) {
  return memberPageMetadata(await localeOf(params), 'home');
}

/** 會員專區: the signed-in Member's own page; anyone else goes to the sign-in. */
export default async function MemberHome({ params }: PageProps<'/[locale]/member'>) {
  const { locale, language, t } = await openPage(params, 'memberArea');
  const signedIn = await signedInMember();
  if (!signedIn) redirect(sitePath(language, memberPaths.login));
  const { account, institution } = signedIn;
  return (
    <MemberFrame locale={locale} title={t('home.title')}>
      <section aria-labelledby="member-account">
        <h2 id="member-account" className="section-title">
          {t('home.account')}
        </h2>
        <p>{t('home.signedInAs', { name: account.displayName, institution })}</p>
        {account.member.keyContact ? <p>{t('home.keyContact')}</p> : null}
        <MemberForm locale={locale} name="logout" submit={t('home.signOut')}>
          {null}
        </MemberForm>
      </section>
    </MemberFrame>
  );
}
