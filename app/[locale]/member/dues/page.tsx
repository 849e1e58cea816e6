import { redirect } from 'next/navigation';
import { MemberDuesTable } from '@/components/site/member/MemberDuesTable';
import { MemberFrame } from '@/components/site/member/MemberFrame';
import { MemberSections } from '@/components/site/member/MemberSections';
import { openPage, languageOf } from '@/lib/i18n/params';
import { sitePath } from '@/lib/routing/site';
import { institutionDues } from '@/lib/public/member/institution';
import { institutionPageMetadata } from '@/lib/public/member/metadata';
import { memberPaths } from '@/lib/routing/member';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/member/dues'>) {
  return institutionPageMetadata(await languageOf(params), 'dues');
}

/** 年費: the signed-in Member's institution's dues, year by year, with their state and each paid year's receipt. */
export default async function MemberDues({ params }: PageProps<'/[locale]/member/dues'>) {
  const { language, t } = await openPage(params, 'memberInstitution');
  const dues = await institutionDues(language);
  if (!dues) redirect(sitePath(language, memberPaths.login));
  return (
    <MemberFrame language={language} title={t('dues.title')}>
      <MemberSections language={language} current="dues" />
      <p>{t('dues.intro', { institution: dues.institution })}</p>
      {dues.data.length ? (
        <MemberDuesTable language={language} institution={dues.institution} rows={dues.data} />
      ) : (
        <p>{t('dues.none')}</p>
      )}
    </MemberFrame>
  );
}
