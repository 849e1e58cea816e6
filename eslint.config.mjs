import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import stylistic from '@stylistic/eslint-plugin';
import playwright from 'eslint-plugin-playwright';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'dist/**',
    'node_modules/**',
    'data/**',
    '.e2e-data/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'lib/db/migrations/**',
  ]),
  {
    files: ['test/**', 'e2e/**'],
    // Tests read loosely typed JSON responses.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Next.js's internal modules: read by lib/server/next/ alone (and by its test, test/server/next-contract.test.ts).
    files: ['**/*.{ts,tsx,mjs,cjs}'],
    ignores: ['lib/server/next/**', 'test/**', 'e2e/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['next/dist/*'], message: "Next.js's internals are lib/server/next/'s alone." }] },
      ],
    },
  },
  {
    ...playwright.configs['flat/recommended'],
    files: ['e2e/**'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      // Wait for the condition, never for a time.
      'playwright/no-wait-for-timeout': 'error',
      // The helpers named expect… assert.
      'playwright/expect-expect': ['warn', { assertFunctionPatterns: ['^expect'] }],
      // A test runs through both languages, both databases or a list of addresses, and branches
      // on the case at hand (collecting offenders of a crawl, say): one test per branch would not read better.
      'playwright/no-conditional-in-test': 'off',
      'playwright/no-conditional-expect': 'off',
      // Blank lines are Prettier's to keep; hooks are grouped here without them.
      'playwright/consistent-spacing-between-blocks': 'off',
    },
  },
  {
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './fixtures': each worker's own test server (docs/testing.md).",
            },
          ],
        },
      ],
    },
  },
  {
    // Prettier keeps code within 120 columns but cannot split a long word, string or comment: this catches the rest.
    // Core max-len is deprecated (formatting rules moved to ESLint Stylistic).
    plugins: { '@stylistic': stylistic },
    rules: {
      '@stylistic/max-len': [
        'error',
        {
          code: 120,
          comments: 120,
          tabWidth: 2,
          ignoreUrls: true,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
        },
      ],
    },
  },
]);
