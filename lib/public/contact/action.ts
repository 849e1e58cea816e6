'use server';

import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { clientAddressOf } from '../../http/client-address';
import { parseWireLanguage } from '../../i18n/languages';
import { sitePath, withQuery } from '../../routing/site';
import { route } from '../routes';
import { contactValuesOf, type ContactFormState } from './form';
import { submitContact } from './submit';

/**
 * The contact form's server action. It works without JavaScript (the form posts to the page, which
 * renders again with the returned state: the typed values and each field's error); a message that
 * was stored redirects to the page's confirmation (post/redirect/get, so a reload sends nothing twice).
 */
export async function sendContactMessage(
  _previous: ContactFormState | null,
  form: FormData,
): Promise<ContactFormState> {
  // A hand-made call can send anything as the arguments: no form is not found (a 404, not a crash).
  if (!(form instanceof FormData)) notFound();
  const language = parseWireLanguage(String(form.get('language') ?? ''));
  const token = form.get('captchaToken');
  const result = await submitContact({
    language,
    clientAddress: clientAddressOf(await headers()),
    values: contactValuesOf(form),
    captchaToken: typeof token === 'string' ? token : undefined,
  });
  if (result.ok) redirect(sitePath(language, withQuery(route('contact').path, { sent: 1 })));
  return { values: result.values, errors: result.errors, formError: result.formError };
}
