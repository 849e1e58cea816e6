import 'server-only';
import { purgeKeys, SITE_KEY } from '../../cache/cache-tier';
import { bumpContentEpoch } from '../../cache/content-epoch';
import { clearPublicCache } from '../../cache/public-reads';
import type { Connection } from '../../db';
import { forgetAllSessions } from '../auth/sessions';
import { invalidateResource } from '../storage/write-transaction';

/** Channels the database triggers notify on (lib/db/migrations/0005_cross_server_notifications.sql). */
const CHANGES_CHANNEL = 'gonghui_changes';
const SESSIONS_CHANNEL = 'gonghui_sessions';

/**
 * Several app servers on one PostgreSQL database agree at once: every committed write to a content
 * table (or the web settings) notifies `schema.table` on CHANGES_CHANNEL, and every ended session
 * notifies the schema on SESSIONS_CHANNEL, whoever made it (another server, a script, a restore).
 * Each server drops what it cached of that table (reads, whole pages, site-wide reads) or its
 * remembered session checks. After a lost connection, notifications may have been missed, so all
 * of it goes. This process's own writes come back too: one more cache miss, no harm.
 * PGlite serves one process, whose writes invalidate in-process (lib/cache/public-reads.ts).
 */
export async function followOtherServers(connection: Connection): Promise<void> {
  if (!connection.listen) return;
  const schema = connection.schema;
  await connection.listen(
    [CHANGES_CHANNEL, SESSIONS_CHANNEL],
    (channel, payload) => {
      if (channel === CHANGES_CHANNEL) {
        const dot = payload.indexOf('.');
        if (payload.slice(0, dot) === schema) void invalidateResource(payload.slice(dot + 1));
      } else if (channel === SESSIONS_CHANNEL && payload === schema) {
        forgetAllSessions();
      }
    },
    () => {
      clearPublicCache();
      bumpContentEpoch();
      // Every page carries the site key: the cache tier fetches them all again, softly: the servers
      // may not be probed healthy again yet (after a database outage), and meanwhile its stale
      // copies are better than no page.
      void purgeKeys([SITE_KEY], { soft: true });
      forgetAllSessions();
    },
  );
}
