import { ContentError, messageIn } from '../content/model/errors';
import type { WireLanguage } from '../i18n/languages';

/**
 * A public form's refusal as the form shows it, in the visitor's language: the values as typed, each
 * field's first problem (only the form's own `fields` when given), and otherwise the problem of the
 * whole form (the captcha, the rate limit, a closed sign-up). Anything but a ContentError is thrown on.
 */
export function refusedForm<V, F extends string = string>(
  error: unknown,
  language: WireLanguage,
  values: V,
  fields?: readonly F[],
): { values: V; errors: Partial<Record<F, string>>; formError?: string } {
  if (!(error instanceof ContentError)) throw error;
  const errors: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const field = fields ? fields.find((known) => known === issue.field) : (issue.field as F);
    if (field) errors[field] ??= messageIn(language, issue.key, issue.values);
  }
  const formError = Object.keys(errors).length ? undefined : error.messageIn(language);
  return { values, errors, formError };
}
