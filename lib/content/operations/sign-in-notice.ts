import 'server-only';
import { config } from '../../config';
import { browserOf } from '../../http/user-agent';
import { enqueueMail } from '../../mail/queue';
import { newDeviceMail, siteLink } from '../../mail/templates';
import { adminPagePath, adminSegments } from '../../routing/back-office';
import { mailEnabled } from '../../mail/transport';
import { logError } from '../../observability/logger';
import type { Actor } from '../model/actor';
import { accountAddress } from '../storage/pending';
import { readWebInfo } from '../storage/settings';
import { deleteSignInDevice, recordSignInDevice, signInDevicesOf } from '../storage/sign-in-devices';

/**
 * The new-device notice: a sign-in from a browser and address the account has not signed in from
 * within NEW_DEVICE_DAYS e-mails the account's owner (when e-mail is on and the account has an
 * address) the time, the address, the browser and a link to the security screen, where the session
 * can be ended. The account's very first sign-in recorded here is not told: there is nothing yet to
 * compare it with (a new account, or every account once after this was installed).
 */

export const NEW_DEVICE_DAYS = 90;
const NEW_DEVICE_MS = NEW_DEVICE_DAYS * 24 * 60 * 60 * 1000;

/** `new`: a pair not seen within NEW_DEVICE_DAYS; `first`: the account has no pair at all yet; `known`. */
type DeviceVerdict = 'new' | 'first' | 'known';

/** Notes the account's sign-in from `browser` at `address` at `now`, and says whether the pair is new to it. */
export async function noteSignInDevice(
  accountId: number,
  browser: string,
  address: string,
  now: Date,
): Promise<DeviceVerdict> {
  const known = await signInDevicesOf(accountId);
  const same = known.find((row) => row.browser === browser && row.address === address);
  await recordSignInDevice(accountId, browser, address, now);
  // Pairs unused for longer than the window tell nothing any more.
  const stale = known.filter((row) => now.getTime() - row.lastSeenAt.getTime() > NEW_DEVICE_MS && row !== same);
  for (const row of stale) await deleteSignInDevice(accountId, row.browser, row.address);
  if (!known.length) return 'first';
  return same && now.getTime() - same.lastSeenAt.getTime() <= NEW_DEVICE_MS ? 'known' : 'new';
}

/** After a successful sign-in: notes its browser and address and, when they are new, mails the account's owner. */
export async function noticeNewDevice(actor: Actor, accountId: number, now: Date): Promise<DeviceVerdict | null> {
  try {
    const browser = browserOf(actor.userAgent).slice(0, 100);
    const address = actor.clientAddress.slice(0, 64);
    const verdict = await noteSignInDevice(accountId, browser, address, now);
    if (verdict !== 'new' || !mailEnabled()) return verdict;
    const owner = await accountAddress(accountId);
    if (!owner?.email) return verdict;
    const { language } = actor;
    const { siteName } = await readWebInfo(language, { includePrivate: false });
    const time = new Intl.DateTimeFormat(language === 'tw' ? 'zh-TW' : 'en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: config().siteTimeZone,
    }).format(now);
    await enqueueMail({
      kind: 'sign-in',
      to: [owner.email],
      ...newDeviceMail(language, siteName, {
        name: owner.name,
        time,
        address,
        browser,
        link: siteLink(adminPagePath(language, adminSegments.security)),
      }),
    });
    return verdict;
  } catch (error) {
    // The notice never stands in the way of the sign-in it tells of.
    logError(error, 'new-device notice');
    return null;
  }
}
