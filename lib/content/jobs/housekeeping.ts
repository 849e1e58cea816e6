import 'server-only';
import { config } from '../../config';
import { logError } from '../../observability/logger';
import { operator } from '../model/actor';
import { pruneAudit, recordAudit } from '../storage/audit';
import { removeUnusedUploads } from '../storage/trash';
import { purgeHistoryBefore, unusedUploadsBefore } from '../storage/media';
import { purgeExpiredTrash } from '../operations/history';
import { pruneLapsedLocks } from '../storage/edit-locks';
import { sendReviewDigest } from '../operations/reviews';
import { pruneRegistrations, sendReminders } from '../operations/registration/housekeeping';
import { settleWaitingLists } from '../operations/registration/waiting-list';
import { removeUnconfirmed } from '../operations/newsletter';
import { purgeSearchRemovals } from '../storage/search-memory';
import { purgeSearchQueries } from '../storage/search-queries';

/** How often each server runs the housekeeping after its first run at start-up. */
const HOUSEKEEPING_INTERVAL_MS = 24 * 60 * 60 * 1000;
/**
 * How often each server looks for sign-ups due a reminder (each is queued once, whoever looks) and for
 * waiting lists that a change of their activity left with free seats.
 */
const REMINDER_INTERVAL_MS = 60 * 60 * 1000;

/**
 * How old an upload must be before the housekeeping removes it for being used by nothing: a file
 * just uploaded into a form that is not saved yet is named by no row, and must survive until it is.
 */
const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

/** Removes uploads older than the grace period that no row, trashed row, revision or setting names. */
async function removeUnusedOldUploads(now: Date): Promise<number> {
  const candidates = await unusedUploadsBefore(new Date(now.getTime() - UNUSED_UPLOAD_GRACE_MS));
  // Checked again just before the delete: a row saved meanwhile keeps its upload.
  const removed = new Set(await removeUnusedUploads(candidates.map((row) => row.id)));
  for (const row of candidates.filter((candidate) => removed.has(candidate.id))) {
    await recordAudit(
      { ...operator(), clientAddress: 'housekeeping' },
      { action: 'purge', resource: 'upload', summary: `${row.name} (${row.id}, unused)` },
    );
  }
  return removed.size;
}

/**
 * Drops audit entries older than AUDIT_DAYS, purges rows kept in the trash longer than TRASH_DAYS with their uploads
 * and the files replaced longer ago, removes old uploads nothing uses, and the edit locks that lapsed (forms closed
 * without releasing theirs) and the newsletter sign-ups never confirmed, and sends the day's digest of rows past their
 * review date (once a day, whichever server asks first), and empties the personal data of sign-ups past their
 * retention, and drops the counts of visitors' searches older than 13 months and the search index's removals older than
 * a day. Idempotent, so several servers may
 * each run it.
 */
export async function runHousekeeping(now = new Date()): Promise<{
  auditPruned: number;
  trashPurged: number;
  uploadsRemoved: number;
  locksPruned: number;
  reviewDigests: number;
  registrationsErased: number;
  unconfirmedRemoved: number;
  searchQueriesPurged: number;
  searchRemovalsPurged: number;
}> {
  const auditPruned = await pruneAudit(now);
  const trashPurged =
    (await purgeExpiredTrash(now)) +
    (await purgeHistoryBefore(new Date(now.getTime() - config().trashDays * 86_400_000)));
  const uploadsRemoved = await removeUnusedOldUploads(now);
  const locksPruned = await pruneLapsedLocks(now);
  const reviewDigests = await sendReviewDigest(now);
  const registrationsErased = await pruneRegistrations(now);
  const unconfirmedRemoved = await removeUnconfirmed(now);
  const searchQueriesPurged = await purgeSearchQueries(now);
  const searchRemovalsPurged = await purgeSearchRemovals(now);
  return {
    auditPruned,
    trashPurged,
    uploadsRemoved,
    locksPruned,
    reviewDigests,
    registrationsErased,
    unconfirmedRemoved,
    searchQueriesPurged,
    searchRemovalsPurged,
  };
}

/** Runs the housekeeping now and then daily; a failure is logged and tried again the next day. */
export function scheduleHousekeeping(): void {
  const run = () =>
    runHousekeeping().catch((error) => {
      logError(error, 'housekeeping');
    });
  void run();
  setInterval(run, HOUSEKEEPING_INTERVAL_MS).unref();
  const remind = () =>
    Promise.all([
      sendReminders().catch((error) => logError(error, 'activity reminders')),
      settleWaitingLists().catch((error) => logError(error, 'waiting lists')),
    ]);
  void remind();
  setInterval(remind, REMINDER_INTERVAL_MS).unref();
}
