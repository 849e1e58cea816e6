import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** The operator script against its own embedded database (a fresh DATA_DIR), as an operator runs it. */
const run = (dataDir: string, ...args: string[]) => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO_CONTENT: 'off' };
  delete env.DATABASE_URL;
  try {
    return {
      code: 0,
      output: execFileSync(
        process.execPath,
        ['node_modules/tsx/dist/cli.mjs', '--tsconfig', 'tsconfig.scripts.json', 'scripts/create-admin.ts', ...args],
        { env, encoding: 'utf8', stdio: 'pipe' },
      ),
    };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { code: e.status, output: e.stdout + e.stderr };
  }
};

test('create-admin makes an Admin, generates a password when none is given, and refuses duplicates', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-admin-'));
  const first = run(dataDir, 'chair', 'a-long-password');
  expect(first).toEqual({ code: 0, output: expect.stringContaining('Created Admin "chair".') });
  const generated = run(dataDir, 'secretary');
  expect(generated.output).toMatch(
    /Created Admin "secretary" with password [A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}\./,
  );
  const again = run(dataDir, 'CHAIR', 'another-password');
  expect(again.code).toBe(1);
  expect(again.output).toContain('An account named "CHAIR" already exists.');
  expect(run(dataDir, 'x').code).toBe(1);
  expect(run(dataDir, 'short', '1234').output).toContain('at least 8 characters');
  expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
}, 60_000);
