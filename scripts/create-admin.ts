/**
 * npm run create-admin -- <username> [password]: creates an Admin account. Without a password one
 * is generated and printed. With PGlite, stop the server first (one process at a time).
 */
import { connect, closeDatabase } from '../lib/db';
import { ensureAdmin, generatePassword } from '../lib/accounts';

async function main() {
  const [username, given] = process.argv.slice(2);
  if (!username || !/^[A-Za-z0-9_.@-]{3,64}$/.test(username)) {
    throw new Error('Usage: npm run create-admin -- <username> [password]  (username: 3-64 letters, digits, _ . @ -)');
  }
  if (given !== undefined && given.length < 8) throw new Error('The password must be at least 8 characters.');
  const password = given ?? generatePassword();
  const { db } = await connect();
  if (!(await ensureAdmin(db, username, password))) throw new Error(`An account named "${username}" already exists.`);
  console.log(`Created Admin "${username}"${given ? '' : ` with password ${password}`}.`);
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
