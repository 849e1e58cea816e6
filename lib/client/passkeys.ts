import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { http, type ApiHttp } from './http';
import { answerWithPasskey, createPasskey } from './passkey-ceremony';

export { PasskeyCeremonyError, usePasskeysSupported } from './passkey-ceremony';

export interface Passkey {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The signed-in account's passkeys (docs/api.md, Passkeys): list, add with the browser's ceremony, remove. */
function passkeysApi(client: ApiHttp = http) {
  const post = <T>(path: string, json?: unknown) =>
    client.post(client.url(`/api/${path}`), json === undefined ? {} : { json }).json<T>();
  return {
    list: async () => (await post<{ data: Passkey[] }>('account/passkey/list')).data,
    /** Asks the server for options, lets the browser make the passkey, and stores it under `name`. */
    async add(name: string): Promise<{ passkey: Passkey; recoveryCodes?: string[] }> {
      const optionsJSON = await post<PublicKeyCredentialCreationOptionsJSON>('account/passkey/options');
      const response = await createPasskey(optionsJSON);
      return post('account/passkey/register', { name, response });
    },
    remove: (id: number, password: string) =>
      client.delete(client.url(`/api/account/passkey/${id}`), { json: { password } }).json<{ id: number }>(),
  };
}

export const passkeys = passkeysApi();

/**
 * A passkey's answer for a sign-in: by passkey alone (no ticket), or for the second step of the
 * sign-in whose ticket is given.
 */
export async function passkeyAssertion(client: ApiHttp, ticket?: string) {
  const optionsJSON = await client
    .post(client.url('/api/account/passkey/loginoptions'), { json: ticket ? { ticket } : {} })
    .json<PublicKeyCredentialRequestOptionsJSON>();
  return answerWithPasskey(optionsJSON);
}
