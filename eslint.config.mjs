import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores(['.next/**', 'dist/**', 'node_modules/**', 'data/**', '.e2e-data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'lib/db/migrations/**']),
  {
    files: ['test/**', 'e2e/**'],
    // Tests read loosely typed JSON responses.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
]);
