/**
 * The sign-up form's state, free of server code so the form (a client component) and the submission
 * on the server share it. The fields are the activity's: name, e-mail, seats and its asked fields.
 */
export interface SignUpFormState {
  values: Record<string, string>;
  errors: Partial<Record<string, string>>;
  /** A problem that is no field's: the captcha, the rate limit, the sign-up closed or full. */
  formError?: string;
}

export const initialSignUpState = (): SignUpFormState => ({ values: { seats: '1' }, errors: {} });

/** The fields a posted form may carry (anything else is ignored). */
const signUpFormFields = [
  'name',
  'email',
  'seats',
  'organization',
  'jobTitle',
  'phone',
  'memberType',
  'dietary',
  'note',
  'consent',
] as const;

/** The typed values of a posted form (text only; a field sent twice counts once). */
export function signUpValuesOf(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of signUpFormFields) {
    const value = form.get(key);
    if (typeof value === 'string') values[key] = value;
  }
  return values;
}
