import 'server-only';
import { randomBytes } from 'node:crypto';
import { config } from '../../config';
import { translate } from '../../i18n/messages';
import { logError } from '../../observability/logger';
import { enqueueMail } from '../../mail/queue';
import { mailEnabled } from '../../mail/transport';
import { passwordResetMail, siteLink } from '../../mail/templates';
import { resetPath } from '../../routing/back-office';
import { memberPaths } from '../../routing/member';
import { sitePath, withToken } from '../../routing/site';
import { requireAccess, type Actor } from '../model/actor';
import { recordAudit } from '../storage/audit';
import {
  deleteResetLinksExpiredBefore,
  resetCandidates,
  storeResetLink,
  redeemResetLink,
} from '../storage/password-resets';
import { verifyCaptcha } from '../auth/captcha';
import type { ResourceDefinition } from '../model/define';
import { invalid, invalidFields } from '../model/errors';
import { hashPassword } from '../auth/passwords';
import { forgotPasswordLimit, hit, resetMailLimit, resetPasswordLimit, withinLimit } from '../auth/rate-limit';
import accountDefinition from '../resources/account';
import { hashToken, revokeSessionsOf } from '../auth/sessions';
import { invalidateResource } from '../storage/write-transaction';
import { readWebInfo } from '../storage/settings';
import { validateInput } from '../model/validation';
import { Role } from '../model/roles';

/** A reset link works once, for this long. */
export const RESET_TOKEN_MS = 60 * 60 * 1000;
/** At most this many accounts are mailed for one address (addresses need not be unique). */
const MAX_ACCOUNTS_PER_REQUEST = 5;

/** The answer to every forgot-password request, whether or not an account matched. */
interface ForgotPasswordResult {
  ok: true;
  message: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 254) : '');

/**
 * `account/forgotpassword` `{username}` or `{email}` (or both: either may match): mails each
 * matching, enabled account that has an e-mail address a single-use link to `/{lang}-reset`. The
 * answer is the same whether or not anything matched or was sent, so it tells nobody which
 * accounts exist. Every request counts against the per-address limit (429 alike for all names);
 * each account gets at most `resetMailLimit` mails an hour, past which requests are answered the
 * same and nothing is sent. The accounts are looked up and mailed after the answer, so a known
 * name is not told apart by a slower answer either.
 */
export async function requestPasswordReset(
  actor: Actor,
  input: Record<string, unknown>,
): Promise<ForgotPasswordResult> {
  requireAccess(actor, 'public');
  await hit(forgotPasswordLimit, actor.clientAddress);
  const username = text(input.username);
  const email = text(input.email);
  if (!username && !email) throw invalid('forgotMissing');
  await verifyCaptcha(input.captchaToken, actor.clientAddress, 'forgot');
  const answer: ForgotPasswordResult = {
    ok: true,
    message: translate(actor.language, 'api.forgotPasswordSent', { minutes: RESET_TOKEN_MS / 60000 }),
  };
  if (!mailEnabled()) {
    await recordAudit(actor, {
      action: 'forgotPassword',
      resource: accountDefinition.name,
      account: null,
      summary: `${username || email}: e-mail is off`,
    });
    return answer;
  }
  const work: Promise<void> = mailResetLinks(actor, username, email)
    .catch((error) => logError(error, 'password-reset e-mail could not be queued'))
    .finally(() => resetWork.delete(work));
  resetWork.add(work);
  return answer;
}

const resetWork = new Set<Promise<void>>();

/** Resolves when the reset links of every request answered so far are queued (tests). */
export async function resetLinksQueued(): Promise<void> {
  while (resetWork.size) await Promise.all(resetWork);
}

async function mailResetLinks(actor: Actor, username: string, email: string): Promise<void> {
  const { language } = actor;
  const rows = await resetCandidates(username, email, MAX_ACCOUNTS_PER_REQUEST);
  const found = rows.map((row) => ({
    id: Number(row.id),
    username: String(row.username),
    displayName: row.displayName === null ? null : String(row.displayName),
    email: String(row.email),
    member: row.role === Role.Member,
  }));

  const now = new Date();
  const site = found.length ? (await readWebInfo(language, { includePrivate: false })).siteName : '';
  // One line per request, naming the account it found (if one), never the answer's words.
  const asked = username || email;
  await recordAudit(actor, {
    action: 'forgotPassword',
    resource: accountDefinition.name,
    rowId: found.length === 1 ? found[0].id : null,
    account: found.length === 1 ? { id: found[0].id, name: found[0].username } : null,
    summary: `${asked}: ${found.length} account(s) with an address`,
  });
  for (const row of found) {
    if (!(await withinLimit(resetMailLimit, String(row.id), now))) continue;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + RESET_TOKEN_MS);
    await storeResetLink(hashToken(token), row.id, expiresAt);
    // A Member sets the new password in the public site's member area; staff in the back office.
    const link = siteLink(
      row.member ? sitePath(language, withToken(memberPaths.reset, token)) : resetPath(language, token),
    );
    const mail = passwordResetMail(
      language,
      site,
      { username: row.username, displayName: row.displayName ?? '' },
      link,
      RESET_TOKEN_MS / 60000,
    );
    await enqueueMail({ kind: 'password-reset', to: [row.email], ...mail, expiresAt });
  }
  // Links that can no longer be used are removed as new ones are made, so the table stays small.
  await deleteResetLinksExpiredBefore(new Date(now.getTime() - RESET_TOKEN_MS));
}

/** Only the password field of an account: the new password obeys the same rule as the account form's. */
const passwordOnly: ResourceDefinition = {
  ...accountDefinition,
  fields: { password: accountDefinition.fields.password },
};

/**
 * `account/resetpassword` `{token, password}`: sets the account's password when the token is one
 * that was mailed, under an hour old and not used yet. The token is used up in the same statement
 * that checks it, so it works once even when two requests race. Every session of the account ends,
 * and a sign-in lockout is lifted. A wrong, expired or used token is one refusal (400).
 */
export async function resetPassword(
  actor: Actor,
  input: Record<string, unknown>,
): Promise<{ ok: true; message: string }> {
  requireAccess(actor, 'public');
  await hit(resetPasswordLimit, actor.clientAddress);
  const token = typeof input.token === 'string' ? input.token.trim() : '';
  // The password is checked before the token is used up, so a rejected password does not cost the link.
  const { values, issues } = validateInput(
    passwordOnly,
    { password: input.password },
    'add',
    actor.language,
    config().siteTimeZone,
  );
  if (issues.length) throw invalidFields(issues);
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalid('resetTokenInvalid');
  const passwordHash = await hashPassword(String(values.password));
  const now = new Date();
  const reset = await redeemResetLink(hashToken(token), passwordHash, now);
  if (reset === null) throw invalid('resetTokenInvalid');
  const accountId = reset.id;
  await recordAudit(actor, {
    action: 'passwordReset',
    resource: accountDefinition.name,
    rowId: accountId,
    account: { id: accountId, name: reset.username },
    summary: 'password set by an e-mailed link',
  });
  await invalidateResource(accountDefinition.name);
  await revokeSessionsOf(accountId);
  return { ok: true, message: translate(actor.language, 'api.passwordReset') };
}
