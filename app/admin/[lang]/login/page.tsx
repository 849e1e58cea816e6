import { LoginScreen } from '@/components/admin/LoginScreen';
import { config } from '@/lib/config';
import type { WireLanguage } from '@/lib/i18n/languages';

// The captcha's site key is read when the page is served, not baked in at build time.
export const dynamic = 'force-dynamic';

export default async function LoginPage({ params }: PageProps<'/admin/[lang]/login'>) {
  const { lang } = await params;
  return <LoginScreen language={lang as WireLanguage} siteKey={config().recaptcha.siteKey ?? null} />;
}
