/**
 * npm run uploads:move -- database|folder: moves every upload's bytes into that storage, from the
 * other one (UPLOAD_STORAGE in docs/operations.md). Set UPLOAD_STORAGE to the same value before
 * the next start. With PGlite the server must be stopped first; PostgreSQL can stay up, though
 * uploads made during the move stay where the running servers put them (run it again after).
 */
import { configuredStorage } from '../lib/uploads/storage';
import { moveUploads } from '../lib/uploads';
import { UPLOAD_STORAGES } from '../lib/config';
import { closeDatabase, connect } from '../lib/db';

async function main() {
  const target = process.argv[2];
  if (target !== 'database' && target !== 'folder') {
    throw new Error(`Usage: npm run uploads:move -- ${UPLOAD_STORAGES.join('|')}`);
  }
  await connect();
  const source = target === 'database' ? 'folder' : 'database';
  const { moved, already, missing } = await moveUploads(configuredStorage(source), configuredStorage(target));
  console.log(
    `Moved ${moved} uploads from the ${source} to the ${target}${already ? ` (${already} were there already)` : ''}.`,
  );
  if (missing.length) console.warn(`${missing.length} uploads are in neither storage: ${missing.join(', ')}`);
  console.log(`Start the servers with UPLOAD_STORAGE=${target}.`);
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
