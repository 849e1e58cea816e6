import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { openPglite } from '../lib/db/client';

/** The operator scripts against an embedded database folder, as docs/operations.md describes. */
function run(dataDir: string, script: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO_CONTENT: 'off' };
  delete env.DATABASE_URL;
  try {
    return {
      code: 0,
      output: execFileSync(
        process.execPath,
        ['node_modules/tsx/dist/cli.mjs', '--tsconfig', 'tsconfig.scripts.json', script, ...args],
        { env, encoding: 'utf8', stdio: 'pipe' },
      ),
    };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { code: e.status, output: e.stdout + e.stderr };
  }
}

async function titles(dataDir: string): Promise<string[]> {
  const connection = await openPglite(dataDir);
  try {
    return (await connection.query<{ title: string }>('select title from webnews order by id')).map((r) => r.title);
  } finally {
    await connection.close();
  }
}

test('db:backup writes one file that db:restore reads back into the embedded database', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-scripts-'));
  const seed = await openPglite(dataDir);
  await seed.query(`insert into webnews (lang, title) values ('tw', '第一則'), ('en', 'Second')`);
  await seed.close();

  const file = path.join(dataDir, 'out', 'site.jsonl.gz');
  const backup = run(dataDir, 'scripts/db-backup.ts', file);
  expect(backup.code).toBe(0);
  expect(backup.output).toMatch(new RegExp(`Backed up \\d+ rows from \\d+ tables to ${file.replace(/[.]/g, '\\.')}`));
  expect(fs.statSync(file).size).toBeGreaterThan(0);

  const change = await openPglite(dataDir);
  await change.query(`delete from webnews`);
  await change.query(`insert into webnews (lang, title) values ('tw', '之後')`);
  await change.close();

  const restore = run(dataDir, 'scripts/db-restore.ts', file);
  // The two news rows, and the news table's write generation (content_generations, lib/cache).
  expect(restore).toEqual({ code: 0, output: expect.stringContaining(`Restored 3 rows`) });
  expect(await titles(dataDir)).toEqual(['第一則', 'Second']);
  expect(run(dataDir, 'scripts/db-restore.ts').output).toContain('Usage: npm run db:restore -- <backup file>');
}, 90_000);

test('the scripts refuse an embedded database that a running server holds', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-scripts-'));
  const server = await openPglite(dataDir); // stands for the running server: it holds the lock
  try {
    const backup = run(dataDir, 'scripts/db-backup.ts', path.join(dataDir, 'x.jsonl.gz'));
    expect(backup.code).toBe(1);
    expect(backup.output).toContain(`is already open in process ${process.pid}`);
  } finally {
    await server.close();
  }
}, 60_000);
