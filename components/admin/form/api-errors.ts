import { ApiRequestError } from '@/lib/client/http';

interface ServerFieldError {
  field: string;
  message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The `{message}` of a 400 (or 413) answer, which the API words in the request's language. */
export function apiMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || !isRecord(error.body)) return undefined;
  return typeof error.body.message === 'string' ? error.body.message : undefined;
}

/** The per-field `errors: [{field, message}]` a validation 400 carries. */
export function apiFieldErrors(error: unknown): ServerFieldError[] {
  if (!(error instanceof ApiRequestError) || !isRecord(error.body) || !Array.isArray(error.body.errors)) return [];
  return error.body.errors.filter(
    (item): item is ServerFieldError =>
      isRecord(item) && typeof item.field === 'string' && typeof item.message === 'string',
  );
}

/** The `conflict` of a stale save's 400 (`{version, updatedAt, updatedByName}`): another save came first. */
export function apiConflict(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof ApiRequestError) || !isRecord(error.body) || !isRecord(error.body.conflict)) return undefined;
  return error.body.conflict;
}
