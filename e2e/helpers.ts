import type { APIRequestContext } from '@playwright/test';

export const admin = { username: 'e2e-admin', password: 'e2e-admin-password' };

let lastAddress = 0;
/**
 * A fresh client address for each sign-in: the server allows 20 sign-ins per address in 10 minutes,
 * and every spec of a run shares one server.
 */
export const nextTestAddress = () => `10.43.${Math.floor(++lastAddress / 250)}.${lastAddress % 250}`;

/** Signs in through the API and returns headers for writes: bearer token and the XSRF pair. */
export async function adminHeaders(request: APIRequestContext, language: 'tw' | 'en' = 'tw', credentials = admin) {
  const home = await request.get('/api/webnews/get/1');
  const cookie = (home.headers()['set-cookie'] ?? '').match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? 'e2e-xsrf';
  const login = await request.post('/api/account/login', { data: credentials, headers: { 'x-forwarded-for': nextTestAddress() } });
  const { token } = await login.json();
  if (!token) throw new Error(`sign-in failed: ${login.status()}`);
  return {
    authorization: `Bearer ${token}`,
    'x-xsrf-token': cookie,
    cookie: `XSRF-TOKEN=${cookie}`,
    'web-language': language,
  };
}
