/**
 * npm run search:reindex: rebuilds the site search's index of the configured database (PGlite under
 * $DATA_DIR, or DATABASE_URL) from every row. Writes keep the index current on their own; this is for
 * a database restored from elsewhere or filled outside the server. With PGlite, stop the server first.
 */
import { closeDatabase, getDb } from '../lib/db';
import { reindexAll } from '../lib/content/storage/search-reindex';

async function main() {
  await getDb();
  const started = Date.now();
  const rows = await reindexAll();
  console.log(`Indexed ${rows} rows in ${Date.now() - started} ms.`);
  await closeDatabase();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
