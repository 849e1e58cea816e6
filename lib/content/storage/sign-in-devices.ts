import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../../db';
import { signInDevices } from '../../db/schema';

/** The `sign_in_devices` table: each browser and address an account signed in from, and when last. */

export async function signInDevicesOf(accountId: number) {
  const db = await getDb();
  return db
    .select({ browser: signInDevices.browser, address: signInDevices.address, lastSeenAt: signInDevices.lastSeenAt })
    .from(signInDevices)
    .where(eq(signInDevices.accountId, accountId));
}

/** Stores the pair as seen at `now`, new or again. */
export async function recordSignInDevice(accountId: number, browser: string, address: string, now: Date) {
  const db = await getDb();
  await db
    .insert(signInDevices)
    .values({ accountId, browser, address, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [signInDevices.accountId, signInDevices.browser, signInDevices.address],
      set: { lastSeenAt: now },
    });
}

export async function deleteSignInDevice(accountId: number, browser: string, address: string): Promise<void> {
  const db = await getDb();
  await db
    .delete(signInDevices)
    .where(
      and(
        eq(signInDevices.accountId, accountId),
        eq(signInDevices.browser, browser),
        eq(signInDevices.address, address),
      ),
    );
}
