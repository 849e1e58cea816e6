import type { Actor } from '../content/model/actor';
import { memberSessionForToken, sessionForToken } from '../content/auth/sessions';
import { MEMBER_SESSION_COOKIE, requestCookie } from '../http/cookies';
import { clientAddressOf } from '../http/client-address';
import { parseWireLanguage, type WireLanguage } from '../i18n/languages';
import type { ApiRequest } from './http';

/** What every handler knows about the request it serves. */
export interface RequestContext {
  request: ApiRequest;
  method: string;
  /** Path below /api/, split into segments. */
  segments: string[];
  searchParams: URLSearchParams;
  language: WireLanguage;
  /** The client channel of the Web-Role header (docs/api.md) (`web`, `accessible`…), if sent. */
  webRole: string | null;
  /** The bearer token as sent, if any. */
  token: string | null;
  /** Who is asking, as content operations see it. */
  actor: Actor;
}

function bearerToken(request: ApiRequest): string | null {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

export async function createContext(request: ApiRequest, segments: string[]): Promise<RequestContext> {
  const token = bearerToken(request);
  const language = parseWireLanguage(request.headers.get('web-language'));
  // Without a bearer token, the member area's cookie signs a Member in (its XSRF check is the API's own).
  const memberToken = token ? null : requestCookie(request, MEMBER_SESSION_COOKIE);
  const session = token ? await sessionForToken(token) : memberToken ? await memberSessionForToken(memberToken) : null;
  const account = session?.account ?? null;
  const userAgent = request.headers.get('user-agent');
  return {
    request,
    method: request.method.toUpperCase(),
    segments,
    searchParams: new URL(request.url).searchParams,
    language,
    webRole: request.headers.get('web-role'),
    token,
    // A token that was sent but no longer names a session: refused even on public reads (lib/content/model/actor.ts).
    actor: {
      language,
      account,
      clientAddress: clientAddressOf(request.headers),
      ...(session ? { sessionId: session.id } : {}),
      ...(userAgent ? { userAgent } : {}),
      ...(token && !account ? { expired: true } : {}),
    },
  };
}
