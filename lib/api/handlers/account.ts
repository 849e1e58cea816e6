import { signOut } from '../../content/operations/account';
import type { RequestContext } from '../context';
import { json } from '../http';

/** `account/logout` revokes the request's own token on the server; the client removes its copy. */
export async function logout(context: RequestContext) {
  return json(await signOut(context.actor, context.token));
}
