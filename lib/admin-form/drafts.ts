import type { FormValues } from './values';

/**
 * Unsaved form values kept in the browser (docs/back-office-form.md, Unsaved work), so what was
 * typed survives a reload, a crash, a closed tab and the sign-in again after a session ended. One
 * entry per account, resource and row ("new" for a row not yet added); a successful save and
 * signing out remove them. localStorage: small, synchronous, and kept until removed.
 */
export interface Draft {
  /** When the values were kept (an ISO instant). */
  savedAt: string;
  values: FormValues;
  /** The row's version the values were typed over: restored, a save of them is checked against it. */
  version?: number;
}

const PREFIX = 'gonghui:draft:';

/** Storage the browser allows, or null (storage forbidden for this site, or no browser). */
function storage(): Storage | null {
  try {
    return 'localStorage' in globalThis ? globalThis.localStorage : null;
  } catch {
    return null;
  }
}

export const draftKey = (username: string, resource: string, rowId?: number, section?: number): string =>
  `${PREFIX}${encodeURIComponent(username)}:${resource}${section === undefined ? '' : `/${section}`}:${rowId ?? 'new'}`;

const isDraft = (value: unknown): value is Draft =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Draft).savedAt === 'string' &&
  typeof (value as Draft).values === 'object' &&
  (value as Draft).values !== null;

export function readDraft(key: string): Draft | null {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(key) ?? 'null');
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: FormValues, version?: number, now = new Date()): void {
  try {
    storage()?.setItem(key, JSON.stringify({ savedAt: now.toISOString(), values, version } satisfies Draft));
  } catch {
    // Storage full or forbidden: the form still works, only without this safety net.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing kept, nothing to remove
  }
}

/** Removes every draft of an account (signing out: the next person at this browser sees none). */
export function clearDrafts(username: string): void {
  const store = storage();
  if (!store) return;
  const own = `${PREFIX}${encodeURIComponent(username)}:`;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string => key !== null && key.startsWith(own),
    );
    for (const key of keys) store.removeItem(key);
  } catch {
    // storage forbidden
  }
}
