import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The server's log (lib/observability/logger.ts) is written off the event loop: a process that logs
 * and exits at once still leaves every line on standard output, in order.
 */
test('every line logged reaches standard output, even when the process exits right after', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-logger-'));
  const script = path.join(folder, 'log-and-exit.ts');
  fs.writeFileSync(
    script,
    `import { logger } from ${JSON.stringify(path.resolve('lib/observability/logger.ts'))};
for (let i = 0; i < 2000; i++) logger().info({ i }, 'line');
process.exit(0);
`,
  );
  try {
    const output = execFileSync(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', '--tsconfig', 'tsconfig.scripts.json', script],
      { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'info' }, maxBuffer: 16 * 1024 * 1024 },
    );
    const lines = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2000);
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'line' });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
