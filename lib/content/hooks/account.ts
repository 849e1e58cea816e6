import 'server-only';
import { and, count, eq, ne } from 'drizzle-orm';
import { getDb } from '../../db';
import { account } from '../../db/schema';
import type { ResourceHooks } from '../model/define';
import { conflict } from '../model/errors';
import { hashPassword } from '../auth/passwords';
import { Role } from '../model/roles';
import { revokeSessionsOf } from '../auth/sessions';

const isActiveAdmin = (row: Record<string, unknown>) => row.role === Role.Admin && row.isDisabled !== true;

async function otherActiveAdmins(id: unknown): Promise<number> {
  const db = await getDb();
  const [{ total }] = await db
    .select({ total: count() })
    .from(account)
    .where(and(eq(account.role, Role.Admin), eq(account.isDisabled, false), ne(account.id, Number(id))));
  return total;
}

const accountHooks: ResourceHooks = {
  async beforeWrite(input) {
    const { password, ...rest } = input;
    if (typeof password === 'string' && password) return { ...rest, passwordHash: await hashPassword(password) };
    return rest;
  },
  async beforeUpdate(existing, next) {
    // An Admin may not demote or disable the last enabled Admin, or nobody could manage accounts.
    if (isActiveAdmin(existing) && !isActiveAdmin(next) && (await otherActiveAdmins(existing.id)) === 0) {
      throw conflict('lastAdmin');
    }
    if (next.passwordHash !== existing.passwordHash || next.isDisabled === true) await revokeSessionsOf(Number(existing.id));
  },
  async beforeDelete(existing) {
    if (isActiveAdmin(existing) && (await otherActiveAdmins(existing.id)) === 0) throw conflict('lastAdmin');
    await revokeSessionsOf(Number(existing.id));
  },
};

export default accountHooks;
