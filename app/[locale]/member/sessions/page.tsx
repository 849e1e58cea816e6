import { redirect } from 'next/navigation';
import { MemberFrame } from '@/components/site/member/MemberFrame';
import { MemberSections } from '@/components/site/member/MemberSections';
import { MemberSessions } from '@/components/site/member/MemberSessions';
import { openPage, languageOf } from '@/lib/i18n/params';
import { sitePath } from '@/lib/routing/site';
import { institutionPageMetadata } from '@/lib/public/member/metadata';
import { formErrorText, memberSessions, queryValue } from '@/lib/public/member/page';
import { memberPaths } from '@/lib/routing/member';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/member/sessions'>) {
  return institutionPageMetadata(await languageOf(params), 'sessions');
}

/** 登入裝置: the Member's own sign-ins, ended one by one or all but this one (forms without JavaScript). */
export default async function MemberSessionsPage({ params, searchParams }: PageProps<'/[locale]/member/sessions'>) {
  const { language, t } = await openPage(params, 'memberInstitution');
  const sessions = await memberSessions(language);
  if (!sessions) redirect(sitePath(language, memberPaths.login));
  const query = await searchParams;
  const endedOthers = queryValue(query.endedOthers);
  const notice =
    queryValue(query.ended) === '1'
      ? t('sessions.ended')
      : /^\d+$/.test(endedOthers)
        ? t('sessions.endedOthers', { count: Number(endedOthers) })
        : null;
  return (
    <MemberFrame language={language} title={t('sessions.title')}>
      <MemberSections language={language} current="sessions" />
      <MemberSessions
        language={language}
        sessions={sessions}
        error={await formErrorText(language, query)}
        notice={notice}
      />
    </MemberFrame>
  );
}
