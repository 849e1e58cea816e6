import { UPLOAD_CSP } from '../security/headers.mjs';
import { uploadAnswer } from './answer';

/** `GET /uploads/{id}/{name}` (lib/uploads/answer.ts), under a policy that lets nothing run. */
export async function serveUpload(id: string, query?: URLSearchParams, ifNoneMatch?: string | null): Promise<Response> {
  const answer = await uploadAnswer(id, query, ifNoneMatch);
  answer.headers.set('content-security-policy', UPLOAD_CSP);
  return answer;
}
