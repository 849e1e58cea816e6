/** Shared by the API (lib/api/xsrf.ts) and proxy.ts, which must not import Node-only modules. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
