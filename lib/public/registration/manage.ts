import { visitor } from '../../content/model/actor';
import { ContentError } from '../../content/model/errors';
import { ASKABLE_FIELDS } from '../../content/model/registration';
import {
  cancelOwnRegistration,
  getRegistration,
  updateOwnRegistration,
  type ManagedRegistration,
} from '../../content/operations/registration/own-registration';
import type { WireLanguage } from '../../i18n/languages';

/** The sign-up a manage link is for, or null (unknown, or its data deleted): the page is then not found. */
export async function registrationByToken(language: WireLanguage, token: string): Promise<ManagedRegistration | null> {
  try {
    return await getRegistration(visitor(language), token);
  } catch (error) {
    if (error instanceof ContentError && error.kind === 'notFound') return null;
    throw error;
  }
}

/**
 * Saves the asked fields from the manage page's form; answers the query the page is shown with:
 * `saved=1`, or `error=` the first problem's message key.
 */
export async function saveAnswersByToken(
  language: WireLanguage,
  clientAddress: string,
  token: string,
  form: FormData,
): Promise<string> {
  const body = Object.fromEntries(
    ASKABLE_FIELDS.flatMap((key) => {
      const value = form.get(key);
      return typeof value === 'string' ? [[key, value]] : [];
    }),
  );
  try {
    await updateOwnRegistration(visitor(language, clientAddress), token, body);
    return 'saved=1';
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    const issue = error.issues[0];
    return new URLSearchParams({ error: error.key, ...(issue ? { field: issue.field } : {}) }).toString();
  }
}

export async function cancelByToken(language: WireLanguage, clientAddress: string, token: string): Promise<void> {
  try {
    await cancelOwnRegistration(visitor(language, clientAddress), token);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
  }
}
