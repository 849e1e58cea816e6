import { eq } from 'drizzle-orm';
import { dispatch } from '../../lib/api/dispatch';
import { ensureAdmin } from '../../lib/content/auth/accounts';
import { getDb } from '../../lib/db';
import { hashPassword } from '../../lib/content/auth/passwords';
import { account } from '../../lib/db/schema';
import { PEER_ADDRESS_HEADER } from '../../lib/http/client-address';

export const XSRF = 'test-xsrf-token';

export interface CallOptions {
  token?: string | null;
  language?: 'tw' | 'en';
  xsrf?: string | false;
  headers?: Record<string, string>;
  /** A raw body (string or bytes) instead of JSON. */
  raw?: BodyInit;
  ip?: string;
}

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the API dispatcher as the route handler would, with the XSRF pair set unless told not to. */
export async function call<T = any>(
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {
    'web-language': options.language ?? 'tw',
    [PEER_ADDRESS_HEADER]: options.ip ?? '10.0.0.1',
    ...options.headers,
  };
  if (options.xsrf !== false) {
    headers.cookie = `XSRF-TOKEN=${options.xsrf ?? XSRF}`;
    headers['x-xsrf-token'] = XSRF;
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let requestBody: BodyInit | undefined = options.raw;
  if (body !== undefined && requestBody === undefined) {
    requestBody = JSON.stringify(body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await dispatch(new Request(`http://localhost/api/${path}`, { method, headers, body: requestBody }));
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (batch responses)
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

let accountCounter = 0;

/** Creates an account of the given role and signs it in; returns its token. */
export async function signedIn(
  role: 0 | 1 = 1,
  password = 'correct horse battery',
): Promise<{ token: string; id: number; username: string }> {
  const username = `user${++accountCounter}_${role}`;
  const db = await getDb();
  if (role === 1) await ensureAdmin(db, username, password);
  else {
    await db
      .insert(account)
      .values({ username, displayName: username, role, passwordHash: await hashPassword(password) } as never);
  }
  const login = await call('POST', 'account/login', { username, password }, { ip: `10.1.${accountCounter}.1` });
  if (!login.body.token) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
  // checklogin does not return the id, so read it from the table.
  const [row] = await db.select({ id: account.id }).from(account).where(eq(account.username, username)).limit(1);
  return { token: login.body.token, id: row.id as number, username };
}
