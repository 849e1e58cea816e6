import type { Metadata } from 'next';
import { ResetPasswordScreen } from '@/components/admin/ResetPasswordScreen';
import type { WireLanguage } from '@/lib/i18n/languages';

// The token is in the query string: rendered per request, and never sent on as a referrer.
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { referrer: 'no-referrer' };

/** `/tw-reset?token=…`, `/en-reset?token=…`: the page a mailed password-reset link opens. */
export default async function ResetPage({ params, searchParams }: PageProps<'/admin/[lang]/reset'>) {
  const language = (await params).lang as WireLanguage;
  const token = (await searchParams).token;
  return <ResetPasswordScreen language={language} token={typeof token === 'string' ? token : ''} />;
}
