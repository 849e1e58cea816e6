/**
 * The documents a newcomer reads first describe the tree as it is: every folder directly under
 * `lib/` is named in docs/architecture.md and in the README's "What is here" table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const libFolders = readdirSync(path.join(root, 'lib'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** `lib/<name>` as a path of its own: `lib/admin` is not named by `lib/admin-form`. */
const names = (text: string, folder: string) => new RegExp(`lib/${folder}(?![\\w-])`).test(text);

/** The README's section from "## What is here" up to the next heading of the same level. */
function whatIsHere(readme: string): string {
  const start = readme.indexOf('## What is here');
  if (start < 0) throw new Error('README.md has no "## What is here" section');
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

test('lib/ has folders to check', () => {
  expect(libFolders.length).toBeGreaterThan(10);
});

test.each(libFolders)('docs/architecture.md names lib/%s', (folder) => {
  expect(names(read('docs/architecture.md'), folder)).toBe(true);
});

test.each(libFolders)('README\'s "What is here" table names lib/%s', (folder) => {
  const table = whatIsHere(read('README.md'))
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .join('\n');
  expect(names(table, folder)).toBe(true);
});
