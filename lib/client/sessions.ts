import { http, type ApiHttp } from './http';

/** One sign-in session as `account/sessions` lists it (docs/api.md, Sessions). */
export interface SessionView {
  id: string;
  /** Wire date-times in the site's time zone. */
  createdAt: string;
  lastSeenAt: string;
  address: string;
  /** `Chrome (Windows)`, or '' when the browser said nothing known. */
  browser: string;
  userAgent: string;
  /** The session this page is using. */
  current: boolean;
}

/**
 * An account's sessions: the signed-in account's own, or (Admins) another's by `accountId`; and an
 * Admin's reset of another account's second factor.
 */
function sessionsApi(client: ApiHttp = http) {
  const post = <T>(path: string, json: unknown = {}) => client.post(client.url(`/api/${path}`), { json }).json<T>();
  const whose = (accountId?: number) => (accountId === undefined ? {} : { accountId });
  return {
    list: (accountId?: number) =>
      post<{ accountId: number; data: SessionView[] }>('account/sessions', whose(accountId)).then(
        (answer) => answer.data,
      ),
    end: (id: string) =>
      client.delete(client.url(`/api/account/sessions/${encodeURIComponent(id)}`)).json<{ ended: number }>(),
    /** The caller's other sessions, or every session of another account (Admins). */
    endOthers: (accountId?: number) => post<{ ended: number }>('account/sessions/endothers', whose(accountId)),
    resetSecondFactor: (accountId: number) => post<{ reset: boolean }>(`account/resetsecondfactor/${accountId}`),
  };
}

export const accountSessions = sessionsApi();
