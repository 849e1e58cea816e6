/**
 * npm run create-admin -- <username> [password]: creates an Admin account. Without a password one
 * is generated and printed. With PGlite, stop the server first (one process at a time).
 */
import { generatePassword } from '../lib/content/auth/accounts';
import { operator } from '../lib/content/model/actor';
import { createAdmin } from '../lib/content/operations/account';
import { closeDatabase } from '../lib/db';

async function main() {
  const [username, given] = process.argv.slice(2);
  if (!username || !/^[A-Za-z0-9_.@-]{3,64}$/.test(username)) {
    throw new Error('Usage: npm run create-admin -- <username> [password]  (username: 3-64 letters, digits, _ . @ -)');
  }
  if (given !== undefined && given.length < 8) throw new Error('The password must be at least 8 characters.');
  const password = given ?? generatePassword();
  if (!(await createAdmin(operator(), { username, password })))
    throw new Error(`An account named "${username}" already exists.`);
  console.log(`Created Admin "${username}"${given ? '' : ` with password ${password}`}.`);
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
