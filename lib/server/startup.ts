import fs from 'node:fs';
import path from 'node:path';
import { config } from '../config';
import { ensureAdmin, generatePassword } from '../content/auth/accounts';
import { countAccounts } from '../content/storage/accounts';
import { warnIfCaptchaOff } from '../content/auth/captcha';
import { checkSecondFactorKey } from '../content/auth/second-factor';
import { followOtherServers } from '../content/jobs/cross-server';
import { scheduleHousekeeping } from '../content/jobs/housekeeping';
import type { Connection } from '../db';
import { seedDemoContent } from '../demo/seed';
import { scheduleMaintenance, vacuum } from '../db/maintenance';
import { startMailWorker } from '../mail/queue';
import { reindexIfEmpty } from '../content/storage/search-reindex';
import { warmSearchIndexCopy } from '../content/storage/search-memory';
import { resumeMailings } from '../content/operations/newsletter-mailings';
import { scheduleNewsletterDigest } from '../content/jobs/newsletter-digest';
import { absoluteRowUrl } from '../public/row-links';
import { logError } from '../observability/logger';

/**
 * Work done once when the server opens its database, after migrations: the first Admin from
 * ADMIN_USERNAME/ADMIN_PASSWORD, and on an empty database the demo content with a demo Admin whose
 * password is printed (and kept in $DATA_DIR/demo-admin.txt for whoever missed the log); then the
 * e-mail worker and the daily housekeeping (audit log and trash retention). On PostgreSQL, it first
 * starts listening for the other app servers' writes (lib/content/jobs/cross-server.ts).
 */
export async function onStartup(connection: Connection): Promise<void> {
  const { adminUsername, adminPassword, demoContent, dataDir } = config();
  const { db } = connection;
  // Accounts with a second factor cannot sign in without the key of their secrets: refuse to start.
  await checkSecondFactorKey(db);
  // Before anything is cached: from here on, other servers' writes and sign-outs are heard.
  await followOtherServers(connection);
  if (adminUsername && adminPassword) {
    if (await ensureAdmin(db, adminUsername, adminPassword)) console.log(`Created Admin account "${adminUsername}".`);
  }
  if (demoContent && (await seedDemoContent(db))) {
    console.log('Loaded demo content into the empty database.');
    if ((await countAccounts(db)) === 0) {
      const password = generatePassword();
      await ensureAdmin(db, 'admin', password, 'Demo Admin');
      const note = `Demo Admin account created. Username: admin  Password: ${password}`;
      console.log(`\n  ${note}\n`);
      if (connection.driver === 'pglite') {
        fs.writeFileSync(path.join(dataDir, 'demo-admin.txt'), `${note}\n`, { mode: 0o600 });
      }
    }
  }
  // The site search's index, on the first start after the migration that added it or after a seed.
  const indexed = await reindexIfEmpty(db);
  if (indexed) console.log(`Indexed ${indexed} rows for the site search.`);
  // Not awaited: the server answers meanwhile, and the first search waits only for what is left.
  void warmSearchIndexCopy().catch((error) => logError(error, 'search index not read ahead'));
  if (connection.driver === 'pglite') {
    console.log(`Database maintenance (VACUUM ANALYZE) took ${await vacuum(connection)} ms.`);
    scheduleMaintenance(connection);
  }
  scheduleHousekeeping();
  warnIfCaptchaOff();
  // Sends queued e-mail (contact notifications, reset links); warns once when SMTP_URL is unset.
  startMailWorker();
  // A mailing a stopped server left half queued is queued to the rest (the once keys spare the others).
  void resumeMailings(absoluteRowUrl).catch((error) => logError(error, 'newsletter mailings not resumed'));
  scheduleNewsletterDigest(absoluteRowUrl);
}
