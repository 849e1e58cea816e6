import fs from 'node:fs';
import path from 'node:path';
import scope from './database-scope.json';
import { assertMayOpenDatabase } from './helpers/database-scope';

/** test/database-scope.json, the one place that says which tests run on both databases (docs/testing.md). */
const root = process.cwd();
const jestFiles = (fs.readdirSync(path.join(root, 'test'), { recursive: true }) as string[])
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => file.endsWith('.test.ts'));
const specs = fs.readdirSync(path.join(root, 'e2e')).filter((file) => file.endsWith('.spec.ts'));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

test('every file it lists exists, and none is in two lists', () => {
  const listed = [...scope.jest.bothDatabases, ...scope.jest.pgliteOnly];
  expect(listed.filter((file) => !jestFiles.includes(file))).toEqual([]);
  expect(scope.playwright.bothDatabases.filter((file) => !specs.includes(file))).toEqual([]);
  expect(listed.filter((file, index) => listed.indexOf(file) !== index)).toEqual([]);
});

test('a test file that opens a database is listed', () => {
  const opening = jestFiles.filter((file) =>
    /\b(withDatabase|withDatabaseAndMail|openTestDatabase)\(/.test(read(`test/${file}`)),
  );
  const listed = new Set([...scope.jest.bothDatabases, ...scope.jest.pgliteOnly]);
  expect(opening.length).toBeGreaterThan(40);
  expect(opening.filter((file) => !listed.has(file))).toEqual([]);
});

test('a jest file that reads the database setting runs on both databases, or its PostgreSQL side would never run', () => {
  const reading = (file: string) =>
    read(`test/${file}`)
      .split('\n')
      .some((line) => /process\.env\.DATABASE_URL/.test(line) && !/delete (process\.)?env\.DATABASE_URL/.test(line));
  expect(reading('images.test.ts')).toBe(true);
  expect(scope.jest.pgliteOnly.filter(reading)).toEqual([]);
});

test('a spec with tests only for PostgreSQL runs on both databases, or its tests would never run', () => {
  const postgresOnly = specs.filter((file) =>
    /^if \((process\.env\.DATABASE_URL|databaseUrl)\) \{\n\s*test\./m.test(read(`e2e/${file}`)),
  );
  expect(postgresOnly).toContain('several-servers.spec.ts');
  expect(postgresOnly.filter((file) => !scope.playwright.bothDatabases.includes(file))).toEqual([]);
});

test('opening a database from a file it does not list fails with a message naming the rule', () => {
  expect(() => assertMayOpenDatabase(path.join(root, 'test/new-feature.test.ts'))).toThrow(
    /test\/new-feature\.test\.ts opens a database but test\/database-scope\.json does not list it.*docs\/testing\.md/,
  );
  expect(() => assertMayOpenDatabase(path.join(root, 'test', scope.jest.pgliteOnly[0]))).not.toThrow();
  expect(() => assertMayOpenDatabase(path.join(root, 'test', scope.jest.bothDatabases[0]))).not.toThrow();
});
