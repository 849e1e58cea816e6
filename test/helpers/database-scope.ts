import path from 'node:path';
import scope from '../database-scope.json';

/**
 * The rule of docs/testing.md: a test file that opens a database says so in
 * test/database-scope.json, as depending on the database (`bothDatabases`: it runs on PGlite and on
 * PostgreSQL) or not (`pgliteOnly`: once, on PGlite). Throws for a file in neither list, so a new
 * file cannot open a database and silently skip the PostgreSQL run.
 */
export function assertMayOpenDatabase(testPath: string | undefined): void {
  const file = path
    .relative(path.join(process.cwd(), 'test'), testPath ?? '')
    .split(path.sep)
    .join('/');
  if (scope.jest.bothDatabases.includes(file) || scope.jest.pgliteOnly.includes(file)) return;
  throw new Error(
    `test/${file} opens a database but test/database-scope.json does not list it. Add it to jest.bothDatabases ` +
      '(it depends on the database: the client, storage, operations, notifications, locks, several servers…; ' +
      'it runs on PGlite and PostgreSQL) or to jest.pgliteOnly (the database only holds its data; it runs once). ' +
      'See docs/testing.md.',
  );
}
