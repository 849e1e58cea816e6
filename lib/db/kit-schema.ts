/**
 * The schema drizzle-kit reads (drizzle.config.ts). It takes a file's top-level exports as the
 * tables, so every table, derived ones included (lib/db/tables.ts), becomes an export here.
 */
import { allTables } from './tables';

module.exports = allTables();
