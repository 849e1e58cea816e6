import type { APIRequestContext } from '@playwright/test';

export const admin = { username: 'e2e-admin', password: 'e2e-admin-password' };

/** Signs in through the API and returns headers for writes: bearer token and the XSRF pair. */
export async function adminHeaders(request: APIRequestContext, language: 'tw' | 'en' = 'tw', credentials = admin) {
  const home = await request.get('/api/webnews/get/1');
  const cookie = (home.headers()['set-cookie'] ?? '').match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? 'e2e-xsrf';
  const login = await request.post('/api/account/login', { data: credentials });
  const { token } = await login.json();
  if (!token) throw new Error(`sign-in failed: ${login.status()}`);
  return {
    authorization: `Bearer ${token}`,
    'x-xsrf-token': cookie,
    cookie: `XSRF-TOKEN=${cookie}`,
    'web-language': language,
  };
}
