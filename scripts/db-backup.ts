/**
 * npm run db:backup [-- file]: writes the whole database (PGlite or DATABASE_URL) to one file.
 * With PGlite the server must be stopped first (one process at a time); PostgreSQL can stay up.
 */
import fs from 'node:fs';
import path from 'node:path';
import { connect, closeDatabase } from '../lib/db';
import { writeBackup } from '../lib/db/backup';

async function main() {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const file = path.resolve(process.argv[2] ?? `backups/gonghui-${stamp}.jsonl.gz`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const connection = await connect();
  const { tables, rows } = await writeBackup(connection, file);
  console.log(`Backed up ${rows} rows from ${tables} tables to ${file}`);
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
