import 'server-only';
import { config } from '../../config';
import { invalid } from '../model/errors';

let warned = false;

/** Whether reCAPTCHA is on: only when the secret is configured (DESIGN §5). */
export function captchaEnabled(): boolean {
  return Boolean(config().recaptcha.secretKey);
}

export function warnIfCaptchaOff(): void {
  if (!captchaEnabled() && !warned) {
    warned = true;
    console.warn('reCAPTCHA is off: set RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY to protect sign-in and the contact form.');
  }
}

/**
 * Verifies a reCAPTCHA v3 token with the configured verifier (Google's, or a local one in tests).
 * A missing token, a failed check, a score under the minimum or an unreachable verifier are all refused (`invalid`).
 */
export async function verifyCaptcha(token: unknown, remoteIp: string, expectedAction?: string): Promise<void> {
  const { secretKey, verifyUrl, minScore } = config().recaptcha;
  if (!secretKey) return;
  if (typeof token !== 'string' || !token || token.length > 4000) throw invalid('captchaFailed');
  let result: { success?: boolean; score?: number; action?: string };
  try {
    const response = await fetch(verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: secretKey, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(5000),
    });
    result = (await response.json()) as typeof result;
  } catch (error) {
    console.error('reCAPTCHA verification failed:', (error as Error).message);
    throw invalid('captchaFailed');
  }
  const scoreOk = typeof result.score !== 'number' || result.score >= minScore;
  const actionOk = !expectedAction || !result.action || result.action === expectedAction;
  if (!result.success || !scoreOk || !actionOk) throw invalid('captchaFailed');
}
