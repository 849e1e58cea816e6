import { http, type ApiHttp } from './http';

export interface SecurityState {
  totp: boolean;
  recoveryCodesLeft: number;
}

/** The signed-in account's own second factor (docs/api.md, Second factor). */
function securityApi(client: ApiHttp = http) {
  const post = <T>(path: string, json?: unknown) =>
    client.post(client.url(`/api/${path}`), json === undefined ? {} : { json }).json<T>();
  return {
    state: () => client.get(client.url('/api/account/security')).json<SecurityState>(),
    /** Starts enrolment: a new secret and the otpauth:// address its QR code carries. */
    setup: () => post<{ secret: string; otpauthUrl: string }>('account/totp/setup'),
    enable: (code: string) => post<{ recoveryCodes: string[] }>('account/totp/enable', { code }),
    disable: (password: string) => post<SecurityState>('account/totp/disable', { password }),
    newRecoveryCodes: (password: string) => post<{ recoveryCodes: string[] }>('account/recoverycodes', { password }),
  };
}

export const security = securityApi();
