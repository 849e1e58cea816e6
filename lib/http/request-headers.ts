import type { IncomingHttpHeaders } from 'node:http';

/** What the API reads of a request's headers: a fetch `Headers` is one. */
export interface HeaderReader {
  get(name: string): string | null;
}

/**
 * Node's parsed headers read as a fetch `Headers` reads them (a repeated header's values joined by
 * a comma), without copying them into one: the server's API stage reads a request this way
 * (lib/server/api.ts). Read as they are when asked, so a stage before may still set one.
 */
export function nodeHeaderReader(headers: IncomingHttpHeaders): HeaderReader {
  return {
    get(name) {
      const value = headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : String(value);
    },
  };
}
