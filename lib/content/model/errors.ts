import { translate } from '../../i18n/messages';
import type { WireLanguage } from '../../i18n/languages';

type Values = Record<string, string | number>;

/** One field's problem: the field, a message key of `messages/*.json` (`api.*`) and its values. */
export interface Issue {
  field: string;
  key: string;
  values: Values;
}

/**
 * What kind of refusal an operation made. The API maps each to a status (lib/api/errors.ts); a server
 * action turns it into form state.
 */
export type ErrorKind = 'invalid' | 'notFound' | 'unauthorized' | 'forbidden' | 'conflict' | 'tooMany';

/**
 * A refusal of a content operation. It carries a message key, not text, so every caller words it in
 * its own reader's language.
 */
export class ContentError extends Error {
  constructor(
    public readonly kind: ErrorKind,
    public readonly key: string,
    public readonly values: Values = {},
    /** Per-field problems of invalid input, for forms. */
    public readonly issues: Issue[] = [],
    /** For `tooMany`: seconds until the caller may try again. */
    public readonly retryAfter?: number,
    /** What the answer carries besides the message (a stale save's `conflict`: who saved last, when). */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(key);
    this.name = 'ContentError';
  }

  messageIn(language: WireLanguage): string {
    return messageIn(language, this.key, this.values);
  }
}

export const messageIn = (language: WireLanguage, key: string, values: Values = {}) =>
  translate(language, `api.${key}`, values);

export const invalid = (key: string, values?: Values) => new ContentError('invalid', key, values);
export const notFound = () => new ContentError('notFound', 'notFound');
export const unauthorized = (key: 'unauthorized' | 'sessionExpired' = 'unauthorized') =>
  new ContentError('unauthorized', key);
export const forbidden = () => new ContentError('forbidden', 'forbidden');
/** The request is well formed but the stored state refuses it (a type still in use, the last Admin). */
export const conflict = (key: string, values?: Values) => new ContentError('conflict', key, values);
export const tooMany = (seconds: number) => new ContentError('tooMany', 'rateLimited', { seconds }, [], seconds);

/** Invalid input naming the first problem, with every field's problem in `issues`. */
export const invalidFields = (issues: Issue[]) => new ContentError('invalid', issues[0].key, issues[0].values, issues);

/** A positive integer from a path segment or form value, or an `invalid` error that names it. */
export function positiveInteger(
  value: string | number | undefined,
  key: 'invalidId' | 'invalidPosition' = 'invalidId',
): number {
  const text = value === undefined ? undefined : String(value);
  if (text === undefined || !/^\d{1,9}$/.test(text) || Number(text) < 1) throw invalid(key, { value: text ?? '' });
  return Number(text);
}
