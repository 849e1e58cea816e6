/**
 * The contact form's fields and state, free of server code so the form component (a client
 * component) can share them with the submission on the server.
 */

/** The fields a visitor fills in, in the form's order (webcontact's sender fields). */
export const contactFields = ['name', 'email', 'phone', 'subject', 'message'] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactValues = Record<ContactField, string>;

const emptyContactValues = (): ContactValues => ({ name: '', email: '', phone: '', subject: '', message: '' });

/**
 * What the form shows after a refused submission: the values as typed, each field's problem, and a problem of the whole
 * form.
 */
export interface ContactFormState {
  values: ContactValues;
  errors: Partial<Record<ContactField, string>>;
  /** A problem that is no field's: the captcha or the rate limit. */
  formError?: string;
}

export const initialContactState = (): ContactFormState => ({ values: emptyContactValues(), errors: {} });

/** The sender's values of a posted form, as typed (text only; a field sent twice counts once). */
export function contactValuesOf(form: FormData): ContactValues {
  const values = emptyContactValues();
  for (const key of contactFields) {
    const value = form.get(key);
    if (typeof value === 'string') values[key] = value;
  }
  return values;
}
