import { expect, test } from './fixtures';
import { docFiles, needsHostName, runSession, sessionsOf } from './doc-sessions';

/**
 * The shell sessions of the docs, run exactly as written against the production server
 * (e2e/doc-sessions.ts says what a session is); those about passkeys, which need SITE_URL to be a
 * host name, run in e2e/passkeys.spec.ts.
 */

test('docs/api.md holds a session to run', () => {
  expect(sessionsOf('docs/api.md').length).toBeGreaterThan(0);
});

for (const file of docFiles) {
  sessionsOf(file).forEach((script, index) => {
    if (needsHostName(script)) return;
    test(`${file} session ${index + 1} runs as written`, async ({ baseURL }) => {
      const { code, stdout, stderr } = await runSession(script, baseURL!);
      expect({ code, stderr }, stdout).toEqual({ code: 0, stderr: '' });
      if (file === 'docs/api.md' && index === 0) {
        // The type it added came first after the move, and the session removed what it added.
        const order = JSON.parse(stdout.split('\n').find((line) => line.startsWith('["')) ?? '[]');
        expect(order[0]).toBe('Consultations');
        const types = await fetch(`${baseURL}/api/webbulletintype/getlist`, {
          method: 'POST',
          headers: {
            'web-language': 'en',
            'content-type': 'application/json',
            cookie: 'XSRF-TOKEN=x',
            'x-xsrf-token': 'x',
          },
          body: '{}',
        });
        expect((await types.json()).data.map((row: { name: string }) => row.name)).not.toContain('Consultations');
      }
    });
  });
}

test('a POST without the XSRF cookie and header is refused, as docs/api.md says', async ({ baseURL }) => {
  const list = (headers: Record<string, string>) =>
    fetch(`${baseURL}/api/webnews/getlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'web-language': 'en', ...headers },
      body: '{"page":1}',
    });
  const bare = await list({});
  expect(bare.status).toBe(403);
  expect((await bare.json()).message).toBeTruthy();
  const cookie = (bare.headers.get('set-cookie') ?? '').match(/XSRF-TOKEN=([^;]+)/)![1];
  expect((await list({ cookie: `XSRF-TOKEN=${cookie}` })).status).toBe(403);
  expect((await list({ cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': cookie })).status).toBe(200);
});
