import { http, type ApiHttp } from './http';

/** A member institution's accounts and invitations as `member/accounts/{memberId}` answers them (docs/api.md). */
interface MemberRosterView {
  memberId: number;
  institution: string;
  max: number;
  data: {
    id: number;
    name: string;
    email: string;
    keyContact: boolean;
    isDisabled: boolean;
    lastLoginAt: string | null;
  }[];
  invitations: { id: number; email: string; name: string; keyContact: boolean; expiresAt: string; expired: boolean }[];
}

/** The Admins' side of a member institution's accounts: the roster, and an invitation resent or revoked. */
function memberAccountsApi(client: ApiHttp = http) {
  const post = <T>(path: string) => client.post(client.url(`/api/${path}`), { json: {} }).json<T>();
  return {
    roster: (memberId: number) => post<MemberRosterView>(`member/accounts/${memberId}`),
    resend: (id: number) => post<{ id: number }>(`member/invitations/resend/${id}`),
    revoke: (id: number) => post<{ id: number }>(`member/invitations/revoke/${id}`),
  };
}

export const memberAccounts = memberAccountsApi();
