import { resetConfig } from '../../lib/config';
import { getDb } from '../../lib/db';
import { mailQueue } from '../../lib/db/schema';
import { withDatabase } from './database';
import { TestSmtpServer } from './smtp';

/** The public origin the mails' links point at, in the files that use withDatabaseAndMail. */
export const MAIL_SITE = 'http://site.example';

/**
 * Use at the top of a test file whose subject sends e-mail (sign-ups, the newsletter, member
 * invitations): a database for the file (./database.ts) and a real SMTP listener (./smtp.ts) the
 * site's mail goes to. For the file SITE_URL, MAIL_FROM and SMTP_URL point at them (and are put back
 * afterwards); each test starts with an empty mail queue and nothing received. Set `smtp.refuse`, or
 * add hooks of the file's own after this call (they run after these).
 */
export function withDatabaseAndMail(): { database: ReturnType<typeof withDatabase>; smtp: TestSmtpServer } {
  const database = withDatabase();
  const smtp = new TestSmtpServer();
  const names = ['SITE_URL', 'MAIL_FROM', 'SMTP_URL'] as const;
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));

  beforeAll(async () => {
    await smtp.start();
    process.env.SITE_URL = MAIL_SITE;
    process.env.MAIL_FROM = 'Association <no-reply@site.example>';
    process.env.SMTP_URL = smtp.url;
    resetConfig();
  });

  afterAll(async () => {
    await smtp.stop();
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetConfig();
  });

  beforeEach(async () => {
    smtp.received.length = 0;
    const db = await getDb();
    await db.delete(mailQueue);
  });

  return { database, smtp };
}
