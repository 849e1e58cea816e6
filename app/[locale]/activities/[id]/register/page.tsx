import { NextIntlClientProvider } from 'next-intl';
import { notFound } from 'next/navigation';
import { HydratedPage } from '@/components/site/HydratedPage';
import { PublicPage } from '@/components/site/PublicPage';
import { SignUpForm } from '@/components/site/registration/SignUpForm';
import { SignUpStateText } from '@/components/site/registration/SignUpState';
import { captchaEnabled } from '@/lib/content/auth/captcha';
import { askedFields } from '@/lib/content/model/registration';
import { config } from '@/lib/config';
import { memberSignUpPrefill } from '@/lib/public/member/entry';
import { activitySignUp } from '@/lib/public/registration/state';
import { languageOf, messagesIn, translationsIn } from '@/lib/i18n/params';
import { sitePath } from '@/lib/routing/site';

// The seats left change with every sign-up: rendered on every request, never kept by a cache
// (lib/public/cache-headers.ts leaves the path out).
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/activities/[id]/register'>) {
  const language = await languageOf(params);
  const signUp = await activitySignUp(language, (await params).id);
  const t = await translationsIn(language, 'registration');
  return { title: signUp ? t('pageTitle', { title: signUp.activity.title }) : t('title'), robots: { index: false } };
}

/** An activity's sign-up form, with its state in words; the form only while it takes sign-ups. */
export default async function SignUpPage({ params }: PageProps<'/[locale]/activities/[id]/register'>) {
  const language = await languageOf(params);
  const { id } = await params;
  const signUp = await activitySignUp(language, id);
  if (!signUp) notFound();
  const { activity, state } = signUp;
  const t = await translationsIn(language, 'registration');
  const messages = await messagesIn(language);
  const captchaSiteKey = captchaEnabled() ? config().recaptcha.siteKey : undefined;
  const activityPath = `/activities/${activity.id}`;
  const open = state.phase === 'open' || state.phase === 'waitlist';
  return (
    <PublicPage
      language={language}
      route="activities"
      title={t('pageTitle', { title: activity.title })}
      below={[
        { label: activity.title, path: activityPath },
        { label: t('title'), path: `${activityPath}/register` },
      ]}
    >
      <SignUpStateText language={language} state={state} />
      {open && (
        <NextIntlClientProvider messages={{ registration: messages.registration }}>
          <HydratedPage part="sign-up form" />
          <SignUpForm
            language={language}
            activityId={activity.id}
            maxSeats={activity.maxSeats}
            askFields={askedFields(activity.askFields)}
            consentText={activity.consentText}
            captchaSiteKey={captchaSiteKey}
            prefill={await memberSignUpPrefill(language)}
          />
        </NextIntlClientProvider>
      )}
      <a href={sitePath(language, activityPath)} className="back-link">
        {t('backToActivity')}
      </a>
    </PublicPage>
  );
}
