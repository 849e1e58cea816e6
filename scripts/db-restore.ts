/**
 * npm run db:restore -- file: replaces every table's rows with the backup's, in one transaction.
 * Stop the server first (PGlite allows one process; on PostgreSQL it avoids serving half a restore).
 */
import path from 'node:path';
import { connect, closeDatabase } from '../lib/db';
import { readBackup } from '../lib/db/backup';

async function main() {
  const arg = process.argv[2];
  if (!arg) throw new Error('Usage: npm run db:restore -- <backup file>');
  const file = path.resolve(arg);
  const connection = await connect();
  const { tables, rows } = await readBackup(connection, file);
  console.log(`Restored ${rows} rows into ${tables} tables from ${file}`);
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
