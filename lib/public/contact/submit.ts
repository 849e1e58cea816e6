import { createContext } from '../../api/context';
import { ApiError } from '../../api/errors';
import { PEER_ADDRESS_HEADER } from '../../http/client-address';
import { addContactMessage } from '../../content/hooks/webcontact';
import type { WireLanguage } from '../../i18n/languages';
import { contactFields, type ContactField, type ContactFormState, type ContactValues } from './form';

export type ContactResult = { ok: true; id: number } | ({ ok: false } & ContactFormState);

export interface ContactSubmission {
  language: WireLanguage;
  /** The client's address, for the per-address limit and the captcha check. */
  clientAddress: string;
  values: ContactValues;
  captchaToken?: string;
}

/**
 * Sends a message exactly as `POST webcontact/add` does (lib/content/hooks/webcontact.ts): the same
 * handler runs in-process, so validation, the per-address limit, the captcha check and storing
 * (status new) cannot drift from the API. Its refusals become form state in the request's language.
 */
export async function submitContact(submission: ContactSubmission): Promise<ContactResult> {
  const { name, email, phone, subject, message } = submission.values;
  // Blank optional fields are left out, as a JSON client would leave them out.
  const body = { name, email, ...(phone.trim() ? { phone } : {}), subject, message, captchaToken: submission.captchaToken ?? '' };
  const request = new Request('http://internal/api/webcontact/add', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'web-language': submission.language, [PEER_ADDRESS_HEADER]: submission.clientAddress },
    body: JSON.stringify(body),
  });
  try {
    const response = await addContactMessage(await createContext(request, ['webcontact', 'add']));
    const { id } = (await response.json()) as { id: number };
    return { ok: true, id };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const errors: ContactFormState['errors'] = {};
    for (const detail of error.details ?? []) {
      if ((contactFields as readonly string[]).includes(detail.field)) errors[detail.field as ContactField] ??= detail.message;
    }
    const formError = Object.keys(errors).length ? undefined : error.messageIn(submission.language);
    return { ok: false, values: submission.values, errors, formError };
  }
}
