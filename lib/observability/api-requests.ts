import { metrics } from './metrics';
import { noteRequest } from './request-store';

const SIGN_IN = 'account/login';

/**
 * What the API dispatcher knows of a request it answered: its route pattern and account for the
 * request log and the metrics, and for sign-ins whether one was refused (the answer's
 * `{token: null, locked}`: docs/decisions.md) or throttled (429). `body`: the JSON answer's bytes.
 */
export function noteApiRequest(
  pattern: string | undefined,
  accountId: number | undefined,
  status: number,
  body: Buffer | undefined,
): void {
  noteRequest({ route: `/api/${pattern ?? '(unknown)'}`, accountId });
  if (pattern !== SIGN_IN) return;
  const { signInFailures } = metrics();
  if (status === 429) signInFailures.inc({ reason: 'throttled' });
  if (status !== 200 || !body) return;
  let answer: { token?: unknown; locked?: unknown };
  try {
    answer = JSON.parse(body.toString('utf8'));
  } catch {
    return;
  }
  if (!answer.token) signInFailures.inc({ reason: answer.locked ? 'locked' : 'credentials' });
}
