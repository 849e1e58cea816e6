/**
 * npm run reset-second-factor -- <username>: turns an account's second factor off (authenticator and
 * recovery codes), for someone who lost both their phone and their recovery codes; the account then
 * signs in with its password alone. With PGlite, stop the server first (one process at a time).
 */
import { operator } from '../lib/content/model/actor';
import { ContentError } from '../lib/content/model/errors';
import { resetSecondFactor } from '../lib/content/operations/second-factor';
import { closeDatabase } from '../lib/db';

async function main() {
  const [username] = process.argv.slice(2);
  if (!username) throw new Error('Usage: npm run reset-second-factor -- <username>');
  try {
    const had = await resetSecondFactor(operator('en'), { username });
    console.log(
      had
        ? `The second factor of "${username}" is off: it signs in with its password alone until it sets up a new one.`
        : `"${username}" had no second factor on; its enrolment and recovery codes, if any, are removed.`,
    );
  } catch (error) {
    if (error instanceof ContentError && error.kind === 'notFound')
      throw new Error(`There is no account named "${username}".`);
    throw error;
  }
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
