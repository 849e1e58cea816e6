import 'server-only';
import { z } from 'zod';
import { config } from '../../config';
import { invalid } from '../model/errors';

let warned = false;

/** Whether reCAPTCHA is on: only when the secret is configured (`RECAPTCHA_SECRET_KEY`). */
export function captchaEnabled(): boolean {
  return Boolean(config().recaptcha.secretKey);
}

export function warnIfCaptchaOff(): void {
  if (!captchaEnabled() && !warned) {
    warned = true;
    console.warn(
      'reCAPTCHA is off: set RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY to protect sign-in and the contact form.',
    );
  }
}

/** The fields of the verification answer this check reads (anything else in it is left out). */
const verification = z.object({
  success: z.boolean().optional(),
  score: z.number().optional(),
  action: z.string().optional(),
});

/**
 * Verifies a reCAPTCHA v3 token with the configured verifier (Google's, or a local one in tests).
 * A missing token, a failed check, a score under the minimum or an unreachable verifier are all refused (`invalid`).
 */
export async function verifyCaptcha(token: unknown, remoteIp: string, expectedAction?: string): Promise<void> {
  const { secretKey, verifyUrl, minScore } = config().recaptcha;
  if (!secretKey) return;
  if (typeof token !== 'string' || !token || token.length > 4000) throw invalid('captchaFailed');
  let result: z.infer<typeof verification>;
  try {
    const response = await fetch(verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: secretKey, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(5000),
    });
    result = verification.parse(await response.json());
  } catch (error) {
    console.error('reCAPTCHA verification failed:', error instanceof Error ? error.message : error);
    throw invalid('captchaFailed');
  }
  const scoreOk = typeof result.score !== 'number' || result.score >= minScore;
  const actionOk = !expectedAction || !result.action || result.action === expectedAction;
  if (!result.success || !scoreOk || !actionOk) throw invalid('captchaFailed');
}
