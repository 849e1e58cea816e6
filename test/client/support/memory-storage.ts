import type { TokenStorage } from '../../../lib/client/token';

/** localStorage for tests: Node has none. */
export class MemoryStorage implements TokenStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}
