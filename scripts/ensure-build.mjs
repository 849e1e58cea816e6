// Builds the production server: Next.js's build unless .next already holds one newer than every
// source file, then the server itself (dist/server.cjs, a fraction of a second).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const sources = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'proxy.ts',
  'next.config.mjs',
  'package-lock.json',
  'tsconfig.json',
];

function newest(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(full).map((name) => newest(path.join(entry, name))));
}

const buildId = path.join(root, '.next', 'BUILD_ID');
const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
if (built && built >= Math.max(...sources.map(newest))) {
  console.log('Using the existing production build (.next).');
} else {
  execFileSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], { stdio: 'inherit' });
}
execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
