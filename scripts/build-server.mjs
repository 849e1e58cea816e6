// Builds server.ts (the HTTP server and its request pipeline, lib/server/) into dist/server.cjs:
// one file that Node runs as it is, with the packages left in node_modules. `npm run build` runs it
// after `next build`.
//
// `server-only` (imported by server code so a browser bundle that reaches it fails to build)
// throws when loaded outside Next.js: here it is an empty module.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

const serverOnly = {
  name: 'server-only',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    esbuild.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
  },
};

await build({
  absWorkingDir: root,
  entryPoints: ['server.ts'],
  outfile: 'dist/server.cjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [serverOnly],
});
