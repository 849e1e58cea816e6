import 'server-only';
import { localGeneration } from '../../cache/public-reads';
import { processSlot } from '../../runtime/process-state';
import { hasSecondFactor } from '../auth/second-factor';
import type { Actor, ActorAccount } from '../model/actor';
import { ContentError } from '../model/errors';
import { isStaffRole, Role, type RoleValue } from '../model/roles';
import type { SecondFactorPolicy } from '../resources/websetting';
import { secondFactorPolicy } from '../storage/settings';

/**
 * The shared setting `secondFactorPolicy` (要求兩步驟驗證): an account it covers that has no second
 * factor signs in as usual but may use only its own account and security calls until it sets one
 * up; every other API call answers 403 `secondFactorRequired` (lib/api/dispatch.ts asks here). The
 * operator's `npm run create-admin` and an Admin's `account/resetsecondfactor/{id}` never lock anyone
 * out for good: the account signs in with its password and enrols.
 */

/** The policy is read once per request of a signed-in account: kept until a settings write, at most this long. */
const POLICY_KEEP_MS = 30_000;

declare module '../../runtime/process-state' {
  interface ProcessSlots {
    secondFactorPolicy: { kept?: { policy: SecondFactorPolicy; writes: number; at: number } };
  }
}

const policyState = processSlot('secondFactorPolicy', () => ({}));

async function currentPolicy(now = Date.now()): Promise<SecondFactorPolicy> {
  const kept = policyState.kept;
  const writes = localGeneration('websetting');
  if (kept && kept.writes === writes && now - kept.at < POLICY_KEEP_MS) return kept.policy;
  const policy = await secondFactorPolicy();
  policyState.kept = { policy, writes, at: now };
  return policy;
}

export const policyCovers = (policy: SecondFactorPolicy, role: RoleValue) =>
  policy === 'members' || (policy === 'everyone' && isStaffRole(role)) || (policy === 'admins' && role === Role.Admin);

/** Whether the policy covers the account and it has no second factor yet. */
export async function mustEnrol(account: ActorAccount): Promise<boolean> {
  if (!policyCovers(await currentPolicy(), account.role)) return false;
  return !(await hasSecondFactor(account.id));
}

/** Refuses (403, in the request's language) an account that must set up a second factor first. */
export async function requireEnrolled(actor: Actor): Promise<void> {
  if (actor.account && (await mustEnrol(actor.account)))
    throw new ContentError('forbidden', 'secondFactorRequired', {}, [], undefined, { secondFactorRequired: true });
}
