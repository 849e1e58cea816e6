import 'server-only';
import { hashPassword } from '../auth/passwords';
import { revokeSessionsOf } from '../auth/sessions';
import { endSessionsAfterChange } from '../operations/sessions';
import { conflict, invalid } from '../model/errors';
import { Role } from '../model/roles';
import type { RowOf } from '../model/rows';
import definition from '../resources/account';
import { countOtherActiveAdmins } from '../storage/accounts';
import { defineHooks } from './define';

type Account = RowOf<typeof definition>;

const isActiveAdmin = (row: Account) => row.role === Role.Admin && row.isDisabled !== true;

/** A Member names their institution; a staff account names none and is nobody's key contact. */
function withMembership<T extends { role?: number | null; memberId?: number | null; keyContact?: boolean | null }>(
  input: T,
): T {
  if (input.role === undefined) return input;
  if (input.role !== Role.Member) return { ...input, memberId: null, keyContact: false };
  if ('memberId' in input && typeof input.memberId !== 'number') throw invalid('memberInstitutionRequired');
  return input;
}

export default defineHooks(definition, {
  async beforeWrite(input) {
    const { password, ...rest } = withMembership(input);
    if (typeof password === 'string' && password) return { ...rest, passwordHash: await hashPassword(password) };
    return rest;
  },
  async beforeUpdate(existing, next, actor) {
    if (next.role === Role.Member && typeof next.memberId !== 'number') throw invalid('memberInstitutionRequired');
    // An Admin may not demote or disable the last enabled Admin, or nobody could manage accounts.
    if (isActiveAdmin(existing) && !isActiveAdmin(next) && (await countOtherActiveAdmins(existing.id)) === 0) {
      throw conflict('lastAdmin');
    }
    if (next.isDisabled === true) await revokeSessionsOf(existing.id);
    // A new password ends the account's other sessions; the one that changed its own password stays.
    else if (next.passwordHash !== existing.passwordHash) await endSessionsAfterChange(actor, existing.id, 'password');
  },
  async beforeDelete(existing) {
    if (isActiveAdmin(existing) && (await countOtherActiveAdmins(existing.id)) === 0) throw conflict('lastAdmin');
    await revokeSessionsOf(existing.id);
  },
});
