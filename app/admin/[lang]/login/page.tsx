import { LoginScreen } from '@/components/admin/LoginScreen';
import { config } from '@/lib/config';
import { relyingParty } from '@/lib/content/auth/passkeys';
import { type WireLanguage } from '@/lib/i18n/languages';
import { messagesFor } from '@/lib/i18n/messages';

// The captcha's site key is read when the page is served, not baked in at build time.
export const dynamic = 'force-dynamic';

export default async function LoginPage({ params }: PageProps<'/admin/[lang]/login'>) {
  const language = (await params).lang as WireLanguage;
  // Built here, in the server component, so it is plain HTML in the first response whatever the
  // client tree does; browsers without script (or with it blocked) show it, others ignore it.
  const notice = (
    <noscript>
      <p className="admin-login-noscript">{messagesFor(language).admin.login.noscript}</p>
    </noscript>
  );
  return (
    <LoginScreen
      language={language}
      siteKey={config().recaptcha.siteKey ?? null}
      passkeys={relyingParty() !== null}
      notice={notice}
    />
  );
}
