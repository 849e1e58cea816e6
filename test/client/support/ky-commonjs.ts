import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { transformSync } from '@swc/core';

/**
 * ky is published as ES modules only, and jest (on Node 20, with the shared config's CommonJS
 * transform) cannot require those. This compiles ky's own files to CommonJS with swc, the compiler
 * jest already uses, so the tests run the real ky: `jest.mock('ky', () => loadKy())`.
 */
export function loadKy(): unknown {
  const modules = new Map<string, { exports: Record<string, unknown> }>();
  const load = (file: string): unknown => {
    const known = modules.get(file);
    if (known) return known.exports;
    const loaded = { exports: {} as Record<string, unknown> };
    modules.set(file, loaded);
    const { code } = transformSync(readFileSync(file, 'utf8'), {
      filename: file,
      module: { type: 'commonjs' },
      jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } },
    });
    // ky only imports its own files, by relative path.
    const requireRelative = (specifier: string) => load(resolve(dirname(file), specifier));
    new Function('module', 'exports', 'require', code)(loaded, loaded.exports, requireRelative);
    return loaded.exports;
  };
  return load(join(dirname(require.resolve('ky')), 'index.js'));
}
