import { clearToken, createTokenStore, getToken, setToken, TOKEN_KEY } from '../../lib/client/token';
import en from '../../messages/en/client.json';
import tw from '../../messages/tw/client.json';
import { CANCELLED } from '../../lib/client/messages';
import { MemoryStorage } from './support/memory-storage';

describe('token store', () => {
  const global = globalThis as { localStorage?: unknown };
  afterEach(() => {
    delete global.localStorage;
  });

  test('keeps the token in localStorage["Authorization"]', () => {
    const storage = new MemoryStorage();
    global.localStorage = storage;
    expect(TOKEN_KEY).toBe('Authorization');
    expect(getToken()).toBeNull();
    setToken('abc');
    expect(storage.getItem('Authorization')).toBe('abc');
    expect(getToken()).toBe('abc');
    clearToken();
    expect(storage.items.size).toBe(0);
  });

  test('safe without localStorage, or when it throws', () => {
    expect(getToken()).toBeNull();
    expect(() => setToken('x')).not.toThrow();
    const broken = createTokenStore(() => ({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => undefined,
    }));
    expect(broken.get()).toBeNull();
    expect(() => broken.set('x')).not.toThrow();
  });
});

describe("the old client's strings, kept exactly", () => {
  test('exact in the Chinese back office; the cancelled value the same in both languages', () => {
    expect(tw.signInAgain).toBe('請重新登入');
    expect(tw.confirmDelete).toBe('確定刪除?');
    expect(tw.cancelled).toBe(CANCELLED);
    expect(en.cancelled).toBe(CANCELLED);
    expect(CANCELLED).toBe('取消');
  });
});
