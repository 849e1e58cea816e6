import AxeBuilder from '@axe-core/playwright';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_PORT } from './worker';

export const admin = { username: 'e2e-admin', password: 'e2e-admin-password' };

const signInWords = {
  tw: { username: '帳號', password: '密碼', signIn: '登入' },
  en: { username: 'Username', password: 'Password', signIn: 'Sign in' },
};

/** Opens a back-office page as the e2e Admin, through the sign-in screen it redirects to. */
export async function signInTo(page: Page, wanted: string, language: 'tw' | 'en' = 'en') {
  const words = signInWords[language];
  await page.goto(wanted);
  await expect(page).toHaveURL(new RegExp(`/${language}-login`));
  await page.getByLabel(words.username).fill(admin.username);
  await page.getByLabel(words.password).fill(admin.password);
  await page.getByRole('button', { name: words.signIn, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${wanted.replace(/[?]/g, '\\?')}$`));
}

/** The newest success note with this text is shown (an earlier one may still be up: each stays 8 s). */
export async function expectToast(page: Page, text: string) {
  await expect(page.locator('.admin-toasts-success').getByText(text).last()).toBeVisible({ timeout: 15_000 });
}

export async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

let lastAddress = 0;
/**
 * A fresh client address for each sign-in: the server allows 20 sign-ins per address in 10 minutes,
 * and every spec of a run shares one server.
 */
export const nextTestAddress = () => `10.43.${Math.floor(++lastAddress / 250)}.${lastAddress % 250}`;

/** Signs in through the API and returns headers for writes: bearer token and the XSRF pair. */
/**
 * A new institution in the language (named `{prefix} Bank …`), and a Member of it with `password`,
 * made by an Admin through the API: the Admin's headers, the institution and the Member's e-mail.
 */
export async function memberOfNewInstitution(
  request: APIRequestContext,
  language: 'tw' | 'en',
  prefix: string,
  password: string,
) {
  const headers = await adminHeaders(request, language);
  const stamp = `${language}-${Date.now()}`;
  const added = await request.post('/api/webmemberdept/add', {
    headers,
    data: { name: `${prefix} Bank ${stamp}`, category: 1, phone: '02-1111-0000' },
  });
  expect(added.status()).toBe(200);
  const institution = (await added.json()) as { id: number; name: string };
  const email = `${prefix.toLowerCase()}-${stamp}@example.org`;
  const account = await request.post('/api/account/add', {
    headers,
    data: { username: email, displayName: 'Lin Wei', email, role: 2, memberId: institution.id, password },
  });
  expect(account.status()).toBe(200);
  return { headers, institution, email };
}

export async function adminHeaders(request: APIRequestContext, language: 'tw' | 'en' = 'tw', credentials = admin) {
  const home = await request.get('/api/webnews/get/1');
  const cookie = (home.headers()['set-cookie'] ?? '').match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? 'e2e-xsrf';
  const login = await request.post('/api/account/login', {
    data: credentials,
    headers: { 'x-forwarded-for': nextTestAddress() },
  });
  const { token } = await login.json();
  if (!token) throw new Error(`sign-in failed: ${login.status()}`);
  return {
    authorization: `Bearer ${token}`,
    'x-xsrf-token': cookie,
    cookie: `XSRF-TOKEN=${cookie}`,
    'web-language': language,
  };
}

/**
 * A request a browser would never send, over a raw socket so the test chooses its own source
 * address (`from`): the servers run with TRUSTED_PROXIES=127.0.0.1, so a request from 127.0.0.1 is
 * a trusted proxy's and one from 127.0.0.2 a client's that is not. `port`: the test server's unless given.
 */
export function raw(options: {
  method?: string;
  port?: number;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  from?: string;
}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: options.port ?? E2E_PORT,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        localAddress: options.from,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** What a spawned server writes (standard output and error), its last megabyte. */
export function collectOutput(child: ChildProcess): () => string {
  let written = '';
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk) => (written = (written + chunk).slice(-1_000_000)));
  return () => written;
}

/**
 * A production server started as `npm start` starts it (scripts/start.sh: its heap flags, jemalloc
 * when installed). The script execs node, so the child's PID is the server's.
 */
export const spawnServer = (port: number, env: NodeJS.ProcessEnv, stdio: 'ignore' | 'pipe' = 'pipe'): ChildProcess =>
  spawn('sh', ['scripts/start.sh', '-p', String(port)], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', stdio, stdio],
  });

/**
 * Waits until `condition` is true, asking again every `interval` ms for at most `timeout` ms: a
 * server coming up, a log line written. `condition` answers false, never throws, while not yet.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  { timeout = 60_000, interval = 250, what }: { timeout?: number; interval?: number; what: string },
): Promise<void> {
  await expect.poll(condition, { timeout, intervals: [interval], message: `waiting for ${what}` }).toBe(true);
}

/** Whether `url` answers 2xx; false while nothing listens there. */
export const answersOk = (url: string, init?: RequestInit): Promise<boolean> =>
  fetch(url, init).then(
    (response) => response.ok,
    () => false,
  );

/**
 * Starts one more production server beside the test server (its own port and environment) and
 * waits until `readyPath` answers 2xx (to `readyInit`: a GET unless given); `stop()` ends it and
 * waits for its exit, `output()` is the last megabyte it wrote (its request log, with
 * LOG_LEVEL=info), `child` its process.
 */
export async function startServer(
  port: number,
  env: NodeJS.ProcessEnv,
  readyPath: string,
  what: string,
  { readyInit, timeout = 60_000 }: { readyInit?: RequestInit; timeout?: number } = {},
): Promise<{ stop(): Promise<void>; output(): string; child: ChildProcess }> {
  // Something else on the port would answer the readiness check, or leave the server waiting.
  if (await listening(port)) throw new Error(`${what} cannot start: port ${port} is in use (docs/testing.md)`);
  const server = spawnServer(port, env);
  const output = collectOutput(server);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    // It drains for SHUTDOWN_GRACE_SECONDS (5) and its longest request. One that hangs is ended, and
    // says so with what it wrote, rather than failing the spec's clean-up without a word.
    const late = setTimeout(() => {
      process.stderr.write(
        `${what} did not exit within 45 s of SIGTERM; killed. Its last output:\n${output().slice(-4000)}\n`,
      );
      server.kill('SIGKILL');
    }, 45_000);
    await exited;
    clearTimeout(late);
  };
  const gone = () => server.exitCode !== null || server.signalCode !== null;
  try {
    // A server that exits while starting fails at once, not at the timeout.
    await waitUntil(async () => gone() || (await answersOk(`http://127.0.0.1:${port}${readyPath}`, readyInit)), {
      timeout,
      what: `${what} to answer ${readyPath}`,
    });
    if (gone()) throw new Error('exited');
  } catch {
    await stop();
    throw new Error(`${what} did not start:\n${output().slice(-4000)}`);
  }
  return { stop, output, child: server };
}

/** Whether something accepts connections on the port at 127.0.0.1. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Signs the Admin (or another account) in through the API and leaves the token where the back office reads it. */
export async function signInWithToken(page: Page, request: APIRequestContext, credentials = admin) {
  const login = await request.post('/api/account/login', {
    data: credentials,
    headers: { 'x-forwarded-for': nextTestAddress() },
  });
  const { token } = await login.json();
  expect(token).toBeTruthy();
  await page.addInitScript((value) => window.localStorage.setItem('Authorization', value), token as string);
}
