import { TestSmtpServer } from '../test/helpers/smtp';
import { test } from './fixtures';
import { E2E_SMTP_PORT } from './worker';

/**
 * The worker's SMTP listener (the one its test server mails to) for a spec: started before the
 * spec's first test, stopped after its last. Tests pick their own mail with `mailTo`.
 */
export function specSmtpServer(): TestSmtpServer {
  const smtp = new TestSmtpServer(E2E_SMTP_PORT);
  test.beforeAll(async () => {
    await smtp.start();
  });
  test.afterAll(async () => {
    await smtp.stop();
  });
  return smtp;
}
