import { messageIn, type ContentError, type ErrorKind, type Issue } from '../content/model/errors';
import type { WireLanguage } from '../i18n/languages';

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
  /** Further members of the answer's body, beside `message`. */
  extra?: Record<string, unknown>;

  messageIn(language: WireLanguage): string {
    return messageIn(language, this.key, this.values);
  }
}

export const badRequest = (key: string, values?: Values) => new ApiError(400, key, values);
export const notFound = () => new ApiError(404, 'notFound');

/** A 400 naming the first problem, with every field's problem in `errors` (for forms). */
export function validationError(language: WireLanguage, issues: Issue[]): ApiError {
  const error = new ApiError(400, issues[0].key, issues[0].values);
  error.details = issues.map((issue) => ({
    field: issue.field,
    message: messageIn(language, issue.key, issue.values),
  }));
  return error;
}

/** The status of each kind of refusal. The old API answers every refusal of the input or the stored state with 400. */
const statusOf: Record<ErrorKind, number> = {
  invalid: 400,
  conflict: 400,
  notFound: 404,
  unauthorized: 401,
  forbidden: 403,
  tooMany: 429,
};

/** A content operation's refusal in the wire form: its status, message, per-field errors and Retry-After. */
export function fromContentError(error: ContentError, language: WireLanguage): ApiError {
  if (error.issues.length) return validationError(language, error.issues);
  const headers: Record<string, string> =
    error.retryAfter === undefined ? {} : { 'retry-after': String(error.retryAfter) };
  const answer = new ApiError(statusOf[error.kind], error.key, error.values, headers);
  answer.extra = error.extra;
  return answer;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
