import { visitor, type ActorAccount } from '../../content/model/actor';
import { register, type SignUpAnswer } from '../../content/operations/registration/sign-up';
import type { WireLanguage } from '../../i18n/languages';
import { refusedForm } from '../form-refusal';
import type { SignUpFormState } from './form';

type SignUpResult = ({ ok: true } & SignUpAnswer & { token: string }) | ({ ok: false } & SignUpFormState);

/**
 * Signs up through the same operation as `POST /api/webactivity/register/{id}`, so the rules, the
 * per-address limit, the captcha and the seats cannot drift from the API; refusals become form
 * state in the visitor's language.
 */
export async function submitSignUp(submission: {
  language: WireLanguage;
  clientAddress: string;
  activityId: string;
  values: Record<string, string>;
  captcha?: string;
  /** The signed-in Member making it, who may sign up for an activity for members only. */
  member?: ActorAccount;
}): Promise<SignUpResult> {
  const { consent, ...fields } = submission.values;
  // Blank optional fields are left out, as a JSON client would leave them out.
  const input = Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''));
  try {
    const actor = { ...visitor(submission.language, submission.clientAddress), member: submission.member };
    const answer = await register(actor, submission.activityId, {
      ...input,
      consent: consent === 'on',
      captcha: submission.captcha ?? '',
    });
    return { ok: true, ...answer, token: answer.manageUrl.split('/').pop()! };
  } catch (error) {
    return { ok: false, ...refusedForm(error, submission.language, submission.values) };
  }
}
