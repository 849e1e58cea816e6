import { and, count, desc, eq, gt, inArray, isNotNull, like, lt, or, sql } from 'drizzle-orm';
import { config } from '../config';
import { getDb } from '../db';
import { mailQueue, newsletterMailings } from '../db/schema';
import { logError, logger } from '../observability/logger';
import { metrics } from '../observability/metrics';
import { processSlot } from '../runtime/process-state';
import { mailEnabled, sendMail, type MailContent } from './transport';

declare module '../runtime/process-state' {
  interface ProcessSlots {
    mailWorker: WorkerState;
  }
}

/**
 * The outgoing e-mail queue (table `mail_queue`). Whatever an e-mail tells of is stored first; the
 * e-mail is then queued and sent by the worker below, so a slow or failing SMTP server never
 * delays or loses the request that caused it. A failed attempt is retried after RETRY_DELAYS_MS;
 * after the last one the row stays `failed` and the dashboard lists it.
 */

/** The wait after the 1st, 2nd… failed attempt; when they are used up the mail is given up. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long a claimed row is kept from other workers; longer than one send can take. */
const CLAIM_MS = 2 * 60_000;
const BATCH = 10;
/** The kind of mail MAIL_RATE_PER_MINUTE holds back: the newsletter's mailings and digests. */
const BULK_KIND = 'newsletter';
/** How often the worker looks for due mail when nothing wakes it. */
const MAIL_POLL_MS = 30_000;
/** Sent and expired rows are kept this long as a record, then deleted (failed ones stay). */
export const KEEP_DONE_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

interface QueuedMail extends MailContent {
  kind:
    | 'contact'
    | 'password-reset'
    | 'approval'
    | 'review'
    | 'sign-in'
    | 'registration'
    | 'newsletter'
    | 'newsletter-confirm'
    | 'member';
  /** Not sent after this (a reset link that no longer works). */
  expiresAt?: Date;
  /** The mail is queued once for this key, whichever server asks and however often (see the table). */
  onceKey?: string;
}

/**
 * Queues one e-mail and wakes this server's worker; nothing is queued while e-mail is off, or when a
 * mail with the same `onceKey` was queued before (then the answer is null too).
 */
export async function enqueueMail(mail: QueuedMail): Promise<number | null> {
  if (!mailEnabled() || !mail.to.length) return null;
  const db = await getDb();
  const [row] = await db
    .insert(mailQueue)
    // Due now by this process's clock, in its milliseconds: the database's now() has microseconds, and a
    // row due at 12:00:00.123456 would not be claimed by the wake-up at 12:00:00.123 that follows it.
    .values({
      kind: mail.kind,
      recipients: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers ?? null,
      attachments: mail.attachments?.length ? mail.attachments : null,
      onceKey: mail.onceKey ?? null,
      expiresAt: mail.expiresAt ?? null,
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: mailQueue.id });
  if (!row) return null;
  wakeMailWorker();
  return row.id;
}

type ClaimedRow = typeof mailQueue.$inferSelect;

/**
 * Claims up to BATCH due rows for this worker in one statement: rows another worker holds are
 * skipped (SKIP LOCKED) and a claim lapses after CLAIM_MS, so a worker that died mid-send does not
 * hold its rows for ever.
 */
async function claimDue(now: Date, bulk: boolean, limit = BATCH): Promise<ClaimedRow[]> {
  const db = await getDb();
  const kind = bulk ? sql`${mailQueue.kind} = ${BULK_KIND}` : sql`${mailQueue.kind} <> ${BULK_KIND}`;
  const due = sql`select ${mailQueue.id} from ${mailQueue}
    where ${mailQueue.status} = 'pending' and ${mailQueue.nextAttemptAt} <= ${now} and ${kind}
      and (${mailQueue.claimedUntil} is null or ${mailQueue.claimedUntil} <= ${now})
    order by ${mailQueue.nextAttemptAt}, ${mailQueue.id} limit ${limit} for update skip locked`;
  return db
    .update(mailQueue)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(sql`${mailQueue.id} in (${due})`)
    .returning();
}

/**
 * The bodies of a sent or expired mail are emptied: they may hold a reset link. A failed one keeps them for the
 * operator.
 */
const done = (status: 'sent' | 'failed' | 'expired', now: Date) =>
  status === 'failed'
    ? { status, claimedUntil: null }
    : {
        status,
        claimedUntil: null,
        text: '',
        html: '',
        headers: null,
        attachments: null,
        ...(status === 'sent' ? { sentAt: now, lastError: null } : {}),
      };

async function deliver(row: ClaimedRow, now: Date): Promise<'sent' | 'retry' | 'failed' | 'expired'> {
  const db = await getDb();
  if (row.expiresAt && row.expiresAt <= now) {
    await db.update(mailQueue).set(done('expired', now)).where(eq(mailQueue.id, row.id));
    return 'expired';
  }
  const attempts = row.attempts + 1;
  try {
    await sendMail({
      to: row.recipients,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: row.headers ?? undefined,
      attachments: row.attachments ?? undefined,
    });
  } catch (error) {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const givenUp = attempts >= MAX_ATTEMPTS;
    await db
      .update(mailQueue)
      .set(
        givenUp
          ? { ...done('failed', now), attempts, lastError }
          : {
              attempts,
              lastError,
              claimedUntil: null,
              nextAttemptAt: new Date(now.getTime() + RETRY_DELAYS_MS[attempts - 1]),
            },
      )
      .where(eq(mailQueue.id, row.id));
    logger().warn(
      { mailId: row.id, kind: row.kind, attempts, error: lastError },
      givenUp ? 'e-mail given up' : 'e-mail failed, will retry',
    );
    return givenUp ? 'failed' : 'retry';
  }
  await db
    .update(mailQueue)
    .set({ ...done('sent', now), attempts })
    .where(eq(mailQueue.id, row.id));
  return 'sent';
}

/** Sends every mail due at `now` (tests pass a later time to skip the waits); returns what happened. */
export async function deliverDueMail(
  now = new Date(),
): Promise<Record<'sent' | 'retry' | 'failed' | 'expired', number>> {
  const outcome = { sent: 0, retry: 0, failed: 0, expired: 0 };
  if (!mailEnabled()) return outcome;
  for (const bulk of [false, true]) {
    for (;;) {
      const limit = bulk ? await bulkAllowance(now) : BATCH;
      const rows = limit > 0 ? await claimDue(now, bulk, limit) : [];
      for (const row of rows) {
        const result = await deliver(row, now);
        outcome[result]++;
        metrics().mailAttempts.inc({ kind: row.kind, outcome: result });
      }
      if (rows.length < BATCH) break;
    }
  }
  return outcome;
}

/**
 * How many newsletter mails may be claimed now: MAIL_RATE_PER_MINUTE less those every server sent
 * in the last minute (the queue is shared, so the rate is the site's, not each server's); unset, a
 * batch. Other mail (a reset link, a confirmation) is never held behind a mailing.
 */
async function bulkAllowance(now: Date): Promise<number> {
  const rate = config().mailRatePerMinute;
  if (!rate) return BATCH;
  const db = await getDb();
  const [{ sent }] = await db
    .select({ sent: sql<number>`count(*)::int` })
    .from(mailQueue)
    .where(
      and(
        eq(mailQueue.kind, BULK_KIND),
        isNotNull(mailQueue.sentAt),
        gt(mailQueue.sentAt, new Date(now.getTime() - 60_000)),
      ),
    );
  return Math.max(0, Math.min(BATCH, rate - Number(sent)));
}

/**
 * Deletes sent and expired rows older than KEEP_DONE_MS; returns how many. A newsletter's mails (once
 * keys `mailing:{id}:…` and `digest:{id}:…`) are counted onto their mailing's row in the same
 * statement, so its sent and failed counts stay after the rows are gone.
 */
export async function pruneMailQueue(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - KEEP_DONE_MS);
  const result = await db.execute<{ removed: number }>(sql`
    with pruned as (
      delete from ${mailQueue}
      where ${inArray(mailQueue.status, ['sent', 'expired'])} and ${lt(mailQueue.createdAt, cutoff)}
      returning ${mailQueue.onceKey} as once_key, ${mailQueue.status} as status
    ),
    tallied as (
      select split_part(once_key, ':', 1) as kind, split_part(once_key, ':', 2)::integer as mailing,
        count(*) filter (where status = 'sent')::integer as sent,
        count(*) filter (where status <> 'sent')::integer as failed
      from pruned
      where once_key ~ '^(mailing|digest):[0-9]{1,9}:'
      group by 1, 2
    ),
    kept as (
      update ${newsletterMailings} as m
      set sent_count = m.sent_count + tallied.sent, failed_count = m.failed_count + tallied.failed
      from tallied
      where m.id = tallied.mailing and m.kind = tallied.kind
      returning m.id
    )
    select count(*)::integer as removed from pruned`);
  return Number(result.rows[0]?.removed ?? 0);
}

/* The worker: one per server process (lib/runtime/process-state.ts), as Next loads this module once per bundle. */

interface WorkerState {
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  again: boolean;
  prunedAt: number;
}
const worker = processSlot('mailWorker', () => ({ timer: null, running: null, again: false, prunedAt: 0 }));

async function workerRound(): Promise<void> {
  await deliverDueMail();
  if (Date.now() - worker.prunedAt > PRUNE_EVERY_MS) {
    worker.prunedAt = Date.now();
    await pruneMailQueue();
  }
}

function runWorker(): Promise<void> {
  if (worker.running) {
    // Mail queued while a round runs may have missed its claim: run once more afterwards.
    worker.again = true;
    return worker.running;
  }
  worker.running = workerRound()
    .catch((error) => logError(error, 'e-mail worker failed'))
    .finally(() => {
      worker.running = null;
      if (worker.again) {
        worker.again = false;
        void runWorker();
      }
    });
  return worker.running;
}

/** Starts the worker (server start-up): a round now, then every MAIL_POLL_MS, and whenever mail is queued. */
export function startMailWorker(intervalMs = MAIL_POLL_MS): void {
  if (worker.timer) return;
  if (!mailEnabled()) {
    logger().warn(
      'E-mail is off: set SMTP_URL (and MAIL_FROM) to send contact notifications and password-reset links.',
    );
    return;
  }
  worker.timer = setInterval(() => void runWorker(), intervalMs);
  worker.timer.unref();
  void runWorker();
}

/** Sends what was just queued without waiting for the next poll; does nothing where no worker runs. */
function wakeMailWorker(): void {
  if (worker.timer) void runWorker();
}

/* What the dashboard shows. */

export interface FailingMail {
  id: number;
  kind: string;
  recipients: string[];
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
}

interface MailQueueState {
  enabled: boolean;
  /** Mails waiting to be sent (first attempt or a retry). */
  pending: number;
  /** Mails that failed at least once and are not sent: retrying, or given up. */
  failing: FailingMail[];
}

/** The queue as the dashboard shows it: the newest failing mails first. */
export async function mailQueueState(limit = 20): Promise<MailQueueState> {
  const db = await getDb();
  const [{ pending }] = await db
    .select({ pending: sql<number>`count(*)::int` })
    .from(mailQueue)
    .where(eq(mailQueue.status, 'pending'));
  const failing = await db
    .select({
      id: mailQueue.id,
      kind: mailQueue.kind,
      recipients: mailQueue.recipients,
      subject: mailQueue.subject,
      status: mailQueue.status,
      attempts: mailQueue.attempts,
      lastError: mailQueue.lastError,
      nextAttemptAt: mailQueue.nextAttemptAt,
      createdAt: mailQueue.createdAt,
    })
    .from(mailQueue)
    .where(
      or(
        eq(mailQueue.status, 'failed'),
        and(eq(mailQueue.status, 'pending'), gt(mailQueue.attempts, 0), isNotNull(mailQueue.lastError)),
      ),
    )
    .orderBy(desc(mailQueue.createdAt), desc(mailQueue.id))
    .limit(limit);
  return {
    enabled: mailEnabled(),
    pending: Number(pending),
    failing: failing.map((row) => ({ ...row, nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null })),
  };
}

/** How many mails of each status the queue holds under once keys that start with `prefix` (a mailing's). */
export async function mailCountsByStatus(prefix: string): Promise<{ status: string; n: number }[]> {
  const db = await getDb();
  return db
    .select({ status: mailQueue.status, n: count() })
    .from(mailQueue)
    .where(like(mailQueue.onceKey, `${prefix}%`))
    .groupBy(mailQueue.status);
}
