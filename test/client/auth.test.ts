jest.mock('ky', () => jest.requireActual('./support/ky-commonjs').loadKy());

import { createAuth } from '../../lib/client/auth';
import { fakeBrowser, fakeServer, type Handler } from './support/fake-browser';

function setUp(handler: Handler) {
  const server = fakeServer(handler);
  const page = fakeBrowser(server.fetch);
  return { server, page, auth: createAuth(page.http) };
}

describe('login', () => {
  test('stores the returned token under Authorization and reports success with the locked flag', async () => {
    const { page, auth, server } = setUp(() => Response.json({ token: 'new-token', locked: false }));
    await expect(auth.login('admin', 'pw', 'captcha')).resolves.toEqual({ success: true, locked: false });
    expect(page.storage.getItem('Authorization')).toBe('new-token');
    expect(JSON.parse(server.requests[0].body)).toEqual({ username: 'admin', password: 'pw', captchaToken: 'captcha' });
  });

  test('no token returned → nothing stored (an earlier token stays), failure with locked and the message', async () => {
    const { page, auth } = setUp(() => Response.json({ token: null, locked: true, message: '帳號已鎖定' }));
    page.storage.setItem('Authorization', 'earlier');
    await expect(auth.login('admin', 'pw')).resolves.toEqual({ success: false, locked: true, message: '帳號已鎖定' });
    expect(page.storage.getItem('Authorization')).toBe('earlier');
  });
});

describe('sign-in with a second factor', () => {
  test('the first step hands back the ticket and stores nothing; the second stores the token', async () => {
    const challenge = { ticket: 'the-ticket', methods: ['totp', 'recovery'] };
    const { page, auth, server } = setUp((request) =>
      new URL(request.url).pathname === '/api/account/login'
        ? Response.json({ token: null, locked: false, secondFactor: challenge })
        : Response.json({ token: 'after-code', locked: false }),
    );
    await expect(auth.login('admin', 'pw')).resolves.toEqual({
      success: false,
      locked: false,
      secondFactor: challenge,
    });
    expect(page.storage.getItem('Authorization')).toBeNull();
    await expect(auth.loginSecondStep('the-ticket', '123456')).resolves.toEqual({ success: true, locked: false });
    expect(page.storage.getItem('Authorization')).toBe('after-code');
    expect(new URL(server.requests[1].url).pathname).toBe('/api/account/login2');
    expect(JSON.parse(server.requests[1].body)).toEqual({ ticket: 'the-ticket', code: '123456' });
  });

  test('a wrong code: no token, the message of the server', async () => {
    const { page, auth } = setUp(() => Response.json({ token: null, locked: false, message: 'Wrong code' }));
    await expect(auth.loginSecondStep('t', '000000')).resolves.toEqual({
      success: false,
      locked: false,
      message: 'Wrong code',
    });
    expect(page.storage.getItem('Authorization')).toBeNull();
  });
});

describe('checkLogin', () => {
  test('resolves false without a stored token, without asking the server', async () => {
    const { auth, server } = setUp(() => Response.json({ valid: true, role: 1, username: 'a', displayName: 'A' }));
    await expect(auth.checkLogin()).resolves.toBe(false);
    expect(server.requests).toEqual([]);
  });

  test('sends the stored token and returns who is signed in', async () => {
    const { page, auth, server } = setUp(() =>
      Response.json({ valid: true, role: 1, username: 'a', displayName: 'A' }),
    );
    page.storage.setItem('Authorization', 'tok');
    await expect(auth.checkLogin()).resolves.toEqual({ valid: true, role: 1, username: 'a', displayName: 'A' });
    expect(server.requests[0].headers.authorization).toBe('Bearer tok');
    expect(new URL(server.requests[0].url).pathname).toBe('/api/account/checklogin');
  });

  test('false when the server says the token is not valid', async () => {
    const { page, auth } = setUp(() => Response.json({ valid: false }));
    page.storage.setItem('Authorization', 'old');
    await expect(auth.checkLogin()).resolves.toBe(false);
  });
});

describe('logout', () => {
  test('removes the stored token and calls the server with it', async () => {
    const { page, auth, server } = setUp(() => Response.json({ ok: true }));
    page.storage.setItem('Authorization', 'tok');
    await auth.logout();
    expect(page.storage.getItem('Authorization')).toBeNull();
    expect(server.requests.map((r) => [new URL(r.url).pathname, r.headers.authorization])).toEqual([
      ['/api/account/logout', 'Bearer tok'],
    ]);
  });
});
