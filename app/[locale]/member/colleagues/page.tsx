import { redirect } from 'next/navigation';
import { MemberColleagues } from '@/components/site/member/MemberColleagues';
import { MemberFrame } from '@/components/site/member/MemberFrame';
import { MemberSections } from '@/components/site/member/MemberSections';
import { openPage, languageOf } from '@/lib/i18n/params';
import { sitePath } from '@/lib/routing/site';
import { institutionColleagues } from '@/lib/public/member/institution';
import { institutionPageMetadata } from '@/lib/public/member/metadata';
import { formErrorText, queryValue } from '@/lib/public/member/page';
import { memberPaths } from '@/lib/routing/member';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/member/colleagues'>) {
  return institutionPageMetadata(await languageOf(params), 'colleagues');
}

/** 同仁帳號: the key contact lists, invites and removes their institution's accounts (forms without JavaScript). */
export default async function MemberColleaguesPage({ params, searchParams }: PageProps<'/[locale]/member/colleagues'>) {
  const { language, t } = await openPage(params, 'memberInstitution');
  const colleagues = await institutionColleagues(language);
  if (!colleagues) redirect(sitePath(language, memberPaths.login));
  const query = await searchParams;
  const notice = (['invited', 'removed'] as const).find((key) => queryValue(query[key]) === '1');
  return (
    <MemberFrame language={language} title={t('colleagues.title')}>
      <MemberSections language={language} current="colleagues" />
      {colleagues.roster ? (
        <MemberColleagues
          language={language}
          roster={colleagues.roster}
          self={colleagues.signedIn.account.id}
          error={await formErrorText(language, query)}
          notice={notice}
        />
      ) : (
        <p>{t('colleagues.notKeyContact')}</p>
      )}
    </MemberFrame>
  );
}
