import 'server-only';
import { logError } from '../../observability/logger';
import { sendScheduledDigest } from '../operations/newsletter-digest';
import type { RowLink } from '../operations/newsletter-mailings';

/** How often a server looks whether the current period's digest is still to be sent. */
const DIGEST_CHECK_MS = 60 * 60 * 1000;

/** At start-up and then hourly: the digest of the current period, sent once whichever server asks first. */
export function scheduleNewsletterDigest(rowLink: RowLink): void {
  const run = () => sendScheduledDigest(rowLink).catch((error) => logError(error, 'newsletter digest'));
  void run();
  setInterval(run, DIGEST_CHECK_MS).unref();
}
