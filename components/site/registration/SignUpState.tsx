import type { SignUpState as State } from '@/lib/content/model/registration';
import type { WireLanguage } from '@/lib/i18n/languages';
import { formatSiteDate } from '@/lib/public/dates';
import form from '../form.module.css';
import { translationsIn } from '@/lib/i18n/params';

/** An activity's sign-up state in words: opens on …, open (seats left), waiting list, full, closed. */
export async function SignUpStateText({ language, state }: { language: WireLanguage; state: State }) {
  const t = await translationsIn(language, 'registration.state');
  const date = (value: Date | null) => formatSiteDate(value, language, 'datetime') ?? '';
  switch (state.phase) {
    case 'notOpen':
      return <p>{t('notOpen', { date: date(state.opensAt) })}</p>;
    case 'open':
      return (
        <p>
          {state.seatsLeft === null
            ? t('open', { date: date(state.closesAt) })
            : t('openSeats', { date: date(state.closesAt), seats: state.seatsLeft })}
        </p>
      );
    case 'waitlist':
      return <p>{t('waitlist', { date: date(state.closesAt) })}</p>;
    case 'full':
      return <p>{t('full')}</p>;
    case 'closed':
      return <p>{t('closed')}</p>;
  }
}

/** The sign-up part of an activity's page: its state and, while it takes sign-ups, the link to the form. */
export async function SignUpSection({
  language,
  state,
  formPath,
}: {
  language: WireLanguage;
  state: State;
  formPath: string;
}) {
  const t = await translationsIn(language, 'registration');
  const open = state.phase === 'open' || state.phase === 'waitlist';
  return (
    <section aria-labelledby="signup-state-title">
      <h2 id="signup-state-title" className="section-title">
        {t('stateTitle')}
      </h2>
      <SignUpStateText language={language} state={state} />
      {open && (
        <p>
          <a href={formPath} className={form.button}>
            {state.phase === 'waitlist' ? t('waitlistLink') : t('signUpLink')}
          </a>
        </p>
      )}
    </section>
  );
}
