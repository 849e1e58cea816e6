import { translate } from '../i18n/messages';
import type { WireLanguage } from '../i18n/languages';
import type { Issue } from '../content/validation';

type Values = Record<string, string | number>;

/**
 * An error the caller can act on. It carries a message key, not text, so the response is worded in
 * the request's language (`Web-Language`).
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly key: string,
    public readonly values: Values = {},
    public readonly headers: Record<string, string> = {},
  ) {
    super(key);
    this.name = 'ApiError';
  }

  /** Per-field messages of a validation error, for forms. */
  details?: { field: string; message: string }[];

  messageIn(language: WireLanguage): string {
    return translate(language, `api.${this.key}`, this.values);
  }
}

export const badRequest = (key: string, values?: Values) => new ApiError(400, key, values);
export const notFound = () => new ApiError(404, 'notFound');
export const unauthorized = (key: 'unauthorized' | 'sessionExpired' = 'unauthorized') => new ApiError(401, key);
export const forbidden = () => new ApiError(403, 'forbidden');

/** A 400 naming the first problem, with every field's problem in `errors` (for forms). */
export function validationError(language: WireLanguage, issues: Issue[]): ApiError {
  const error = new ApiError(400, issues[0].key, issues[0].values);
  error.details = issues.map((issue) => ({ field: issue.field, message: new ApiError(400, issue.key, issue.values).messageIn(language) }));
  return error;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
