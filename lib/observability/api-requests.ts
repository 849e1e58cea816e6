import { metrics } from './metrics';
import { noteRequest } from './request-store';

const SIGN_IN = 'account/login';

/**
 * What the API dispatcher knows of a request it answered: its route pattern and account for the
 * request log and the metrics, and for sign-ins whether one was refused (the answer's
 * `{token: null, locked}`: docs/decisions.md) or throttled (429).
 */
export function noteApiRequest(pattern: string | undefined, accountId: number | undefined, response: Response): void {
  noteRequest({ route: `/api/${pattern ?? '(unknown)'}`, accountId });
  if (pattern !== SIGN_IN) return;
  const { signInFailures } = metrics();
  if (response.status === 429) signInFailures.inc({ reason: 'throttled' });
  if (response.status !== 200) return;
  response
    .clone()
    .json()
    .then((body: { token?: unknown; locked?: unknown }) => {
      if (!body.token) signInFailures.inc({ reason: body.locked ? 'locked' : 'credentials' });
    })
    .catch(() => {});
}
