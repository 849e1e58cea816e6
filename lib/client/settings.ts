import { defaultWireLanguage, type WireLanguage } from '../i18n/languages';

/** What the browser's API layer needs to know about the page it runs in (docs/client.md). */
export interface ClientSettings {
  /** Host prefix: when set, `/api/x` is sent to `host + 'api/x'`. Empty by default. */
  host?: string;
  /** The web identifier sent as `Web-Role` (e.g. `web`, `accessible`); no header when unset. */
  webRole?: string;
  /** Sent as `Web-Language` on every request. */
  language: WireLanguage;
  /** Group concurrent requests into one `POST /api/batch`. */
  batch: boolean;
  /** Keep GET and POST results in page memory (off by default). */
  cache: boolean;
  /**
   * Set by the back office once its sign-in is checked: from then on a request without a stored
   * token means the sign-in was lost in another tab, and is treated as a 401 instead of being sent
   * as a visitor's read (which would show public rows as if they were all there is).
   */
  signedIn?: boolean;
}

const defaults: ClientSettings = {
  host: '',
  webRole: undefined,
  language: defaultWireLanguage,
  batch: true,
  cache: false,
};

let current: ClientSettings = { ...defaults };
const listeners = new Set<(settings: ClientSettings) => void>();

/** The back office calls `configureClient({ language })` when it mounts. */
export function configureClient(partial: Partial<ClientSettings>): void {
  current = { ...current, ...partial };
  for (const listener of listeners) listener(current);
}

export function clientSettings(): ClientSettings {
  return current;
}

/** Called after every change (the SWR hooks re-render on a language switch). Returns the unsubscribe. */
export function onClientSettings(listener: (settings: ClientSettings) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Back to the defaults (tests). */
export function resetClientSettings(): void {
  configureClient({ ...defaults });
}
