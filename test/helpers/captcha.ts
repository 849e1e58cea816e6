import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resetConfig } from '../../lib/config';

/**
 * A local reCAPTCHA verifier for one describe block: the server is configured with RECAPTCHA_SECRET_KEY
 * and RECAPTCHA_VERIFY_URL pointing here, and each token gets its answer from `answers` (a string is
 * sent as an HTML page, for the broken-verifier case). `seen` holds every form the server sent.
 */
export function useLocalCaptchaVerifier(
  secret: string,
  answers: Record<string, object | string>,
): { seen: URLSearchParams[] } {
  const seen: URLSearchParams[] = [];
  const keys = ['RECAPTCHA_SECRET_KEY', 'RECAPTCHA_VERIFY_URL', 'RECAPTCHA_MIN_SCORE'];
  const saved = Object.fromEntries(keys.map((key) => [key, process.env[key]]));
  let server: http.Server;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => {
        const form = new URLSearchParams(text);
        seen.push(form);
        const answer = answers[form.get('response') ?? ''] ?? { success: false };
        const html = typeof answer === 'string';
        response.writeHead(200, { 'content-type': html ? 'text/html' : 'application/json' });
        response.end(html ? answer : JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    process.env.RECAPTCHA_SECRET_KEY = secret;
    process.env.RECAPTCHA_VERIFY_URL = `http://127.0.0.1:${port}/siteverify`;
    delete process.env.RECAPTCHA_MIN_SCORE;
    resetConfig();
  });

  afterAll(async () => {
    for (const key of keys) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetConfig();
    await new Promise((resolve) => server.close(resolve));
  });

  return { seen };
}
