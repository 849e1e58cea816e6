import { visitor } from '../../content/model/actor';
import { sendContactMessage } from '../../content/operations/contact';
import type { WireLanguage } from '../../i18n/languages';
import { refusedForm } from '../form-refusal';
import { contactFields, type ContactFormState, type ContactValues } from './form';

type ContactResult = { ok: true; id: number } | ({ ok: false } & ContactFormState);

interface ContactSubmission {
  language: WireLanguage;
  /** The client's address, for the per-address limit and the captcha check. */
  clientAddress: string;
  values: ContactValues;
  captchaToken?: string;
}

/**
 * Sends a message through the same operation as `POST webcontact/add`
 * (lib/content/operations/contact.ts), so validation, the per-address limit, the captcha check and
 * storing (status new) cannot drift from the API. Its refusals become form state in the visitor's
 * language.
 */
export async function submitContact(submission: ContactSubmission): Promise<ContactResult> {
  const { name, email, phone, subject, message } = submission.values;
  // Blank optional fields are left out, as a JSON client would leave them out.
  const input = {
    name,
    email,
    ...(phone.trim() ? { phone } : {}),
    subject,
    message,
    captchaToken: submission.captchaToken ?? '',
  };
  try {
    const row = await sendContactMessage(visitor(submission.language, submission.clientAddress), input);
    return { ok: true, id: Number(row.id) };
  } catch (error) {
    return { ok: false, ...refusedForm(error, submission.language, submission.values, contactFields) };
  }
}
