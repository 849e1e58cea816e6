'use server';

import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { clientAddressOf } from '../../http/client-address';
import { parseWireLanguage } from '../../i18n/languages';
import { registrationPath } from '../../routing/personal';
import { sitePath } from '../../routing/site';
import { signUpValuesOf, type SignUpFormState } from './form';
import { signedInMember } from '../member/page';
import { submitSignUp } from './submit';
import { cancelByToken, saveAnswersByToken } from './manage';

/**
 * The sign-up form's server action. It works without JavaScript (the form posts to the page, which
 * renders again with the returned state); a sign-up that was stored redirects to its manage page,
 * which confirms it (post/redirect/get, so a reload signs up nothing twice).
 */
export async function signUp(_previous: SignUpFormState | null, form: FormData): Promise<SignUpFormState> {
  if (!(form instanceof FormData)) notFound();
  const language = parseWireLanguage(String(form.get('language') ?? ''));
  const captcha = form.get('captcha');
  const result = await submitSignUp({
    language,
    clientAddress: clientAddressOf(await headers()),
    activityId: String(form.get('activityId') ?? ''),
    values: signUpValuesOf(form),
    captcha: typeof captcha === 'string' ? captcha : undefined,
    member: (await signedInMember())?.account,
  });
  if (result.ok) redirect(sitePath(language, registrationPath(result.token, { new: 1 })));
  return { values: result.values, errors: result.errors, formError: result.formError };
}

/** The manage page's "save" (its asked fields): back to the page, saying it was saved or what was wrong. */
export async function saveAnswers(form: FormData): Promise<void> {
  if (!(form instanceof FormData)) notFound();
  const language = parseWireLanguage(String(form.get('language') ?? ''));
  const token = String(form.get('token') ?? '');
  const outcome = await saveAnswersByToken(language, clientAddressOf(await headers()), token, form);
  redirect(sitePath(language, `${registrationPath(token)}?${outcome}`));
}

/** The manage page's "cancel". */
export async function cancelSignUp(form: FormData): Promise<void> {
  if (!(form instanceof FormData)) notFound();
  const language = parseWireLanguage(String(form.get('language') ?? ''));
  const token = String(form.get('token') ?? '');
  await cancelByToken(language, clientAddressOf(await headers()), token);
  redirect(sitePath(language, registrationPath(token, { cancelled: 1 })));
}
