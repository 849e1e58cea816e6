import { activitySignUpState } from '../../content/operations/registration/sign-up';
import { type WireLanguage } from '../../i18n/languages';

/**
 * An activity's sign-up for its public pages: the state (phase, seats left) and what the form asks;
 * null when the activity takes no sign-ups here or visitors may not see it.
 */
export async function activitySignUp(language: WireLanguage, idText: string) {
  if (!/^\d{1,9}$/.test(idText)) return null;
  return activitySignUpState(language, Number(idText));
}
