// Counts type assertions (`x as T`, `<T>x`) in TypeScript sources, leaving out `as const` (which
// narrows, it does not assert) and import/export renames (not expressions, so never seen here).
// Usage: node scripts/count-casts.mjs [folder…] [--list] [--type=never]   (default folder: lib)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const list = args.includes('--list');
const onlyType = args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);
const roots = args.filter((arg) => !arg.startsWith('--'));
if (roots.length === 0) roots.push('lib');

function* sourceFiles(path) {
  if (statSync(path).isFile()) {
    if (/\.tsx?$/.test(path) && !path.endsWith('.d.ts')) yield path;
    return;
  }
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'migrations') continue;
    yield* sourceFiles(join(path, entry));
  }
}

const found = [];
for (const root of roots) {
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node) => {
      if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
        const type = node.type.getText(source);
        if (type !== 'const' && (!onlyType || type === onlyType)) {
          const { line } = source.getLineAndCharacterOfPosition(node.type.getStart(source));
          found.push({ file: relative('.', file), line: line + 1, type });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

if (list) for (const cast of found) console.log(`${cast.file}:${cast.line}: as ${cast.type}`);
const byFile = new Map();
for (const cast of found) byFile.set(cast.file, (byFile.get(cast.file) ?? 0) + 1);
if (!list)
  for (const [file, total] of [...byFile].sort((a, b) => b[1] - a[1]))
    console.log(`${String(total).padStart(4)}  ${file}`);
console.log(`${found.length} casts${onlyType ? ` as ${onlyType}` : ''} in ${roots.join(' ')}`);
