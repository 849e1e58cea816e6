import { clientAddressOf } from '../http/client-address';
import { parseWireLanguage, type WireLanguage } from '../i18n/languages';
import { ApiError, forbidden, unauthorized } from './errors';
import { roleAllows, type Role } from './roles';
import { accountForToken, type SignedInAccount } from './sessions';
import type { Access } from '../content/define';

/** What every handler knows about the request it serves. */
export interface RequestContext {
  request: Request;
  method: string;
  /** Path below /api/, split into segments. */
  segments: string[];
  searchParams: URLSearchParams;
  language: WireLanguage;
  /** The client channel of the spec's Web-Role header (`web`, `accessible`…), if sent. */
  webRole: string | null;
  /** The bearer token as sent, if any. */
  token: string | null;
  /** The signed-in account; null for anonymous requests. */
  account: SignedInAccount | null;
  clientAddress: string;
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/** The client's address: the socket's peer, or what trusted proxies say (lib/http/client-address.ts). */
export function clientAddress(request: Request): string {
  return clientAddressOf(request.headers);
}

export async function createContext(request: Request, segments: string[]): Promise<RequestContext> {
  const token = bearerToken(request);
  const context: RequestContext = {
    request,
    method: request.method.toUpperCase(),
    segments,
    searchParams: new URL(request.url).searchParams,
    language: parseWireLanguage(request.headers.get('web-language')),
    webRole: request.headers.get('web-role'),
    token,
    account: null,
    clientAddress: clientAddress(request),
  };
  if (token) context.account = await accountForToken(token);
  return context;
}

/**
 * Refuses the request unless its account may act at `access`. A token that was sent but is no longer
 * valid is a 401 even on public reads, so a back office with an expired session is told to sign in
 * again instead of silently seeing the public view.
 */
export function requireAccess(context: RequestContext, access: Access): void {
  if (context.token && !context.account) throw unauthorized('sessionExpired');
  if (access === 'public') return;
  if (!context.account) throw unauthorized();
  if (!roleAllows(context.account.role, access as Role)) throw forbidden();
}

export function isSignedIn(context: RequestContext): boolean {
  return context.account !== null;
}

export { ApiError };
