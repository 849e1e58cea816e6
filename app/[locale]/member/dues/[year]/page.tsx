import { notFound, redirect } from 'next/navigation';
import { MemberFrame } from '@/components/site/member/MemberFrame';
import { MemberReceipt } from '@/components/site/member/MemberReceipt';
import { openPage, languageOf } from '@/lib/i18n/params';
import { sitePath } from '@/lib/routing/site';
import { institutionReceipt } from '@/lib/public/member/institution';
import { institutionPageMetadata } from '@/lib/public/member/metadata';
import { memberPaths } from '@/lib/routing/member';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/member/dues/[year]'>) {
  const { year } = await params;
  return institutionPageMetadata(await languageOf(params), 'receipt', { year: Number(year) || 0 });
}

/** A paid year's receipt of the signed-in Member's institution, to print; any other year is the site's 404. */
export default async function MemberDuesReceipt({ params }: PageProps<'/[locale]/member/dues/[year]'>) {
  const { language, t } = await openPage(params, 'memberInstitution');
  const { year } = await params;
  const receipt = await institutionReceipt(language, year);
  if (!receipt) redirect(sitePath(language, memberPaths.login));
  if (receipt === 'none') notFound();
  return (
    <MemberFrame language={language} title={t('receipt.title', { year: receipt.year })}>
      <MemberReceipt language={language} receipt={receipt} />
    </MemberFrame>
  );
}
