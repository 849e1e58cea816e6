/** Where the back office keeps its bearer token: `localStorage["Authorization"]`, as the old client did. */
export const TOKEN_KEY = 'Authorization';

/** The part of `Storage` the token needs, so tests and non-browser code can hand in their own. */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

/** The browser's localStorage, or null where there is none (server rendering) or it is blocked. */
export function browserStorage(): TokenStorage | null {
  try {
    const storage: TokenStorage | undefined = 'localStorage' in globalThis ? globalThis.localStorage : undefined;
    return storage ?? null;
  } catch {
    // Reading localStorage throws when the browser forbids storage for this site.
    return null;
  }
}

export function createTokenStore(storage: () => TokenStorage | null = browserStorage): TokenStore {
  const attempt = <T>(action: (s: TokenStorage) => T, fallback: T): T => {
    const s = storage();
    if (!s) return fallback;
    try {
      return action(s);
    } catch {
      return fallback; // quota exceeded or storage disabled: behave as signed out
    }
  };
  return {
    get: () => attempt((s) => s.getItem(TOKEN_KEY) || null, null),
    set: (token) => attempt((s) => s.setItem(TOKEN_KEY, token), undefined),
    clear: () => attempt((s) => s.removeItem(TOKEN_KEY), undefined),
  };
}

const browserTokens = createTokenStore();

export const getToken = (): string | null => browserTokens.get();
export const setToken = (token: string): void => browserTokens.set(token);
export const clearToken = (): void => browserTokens.clear();
