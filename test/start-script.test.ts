import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * scripts/start.sh (`npm start`) with a stand-in `node` first on PATH that prints what it was
 * started with: the script's job is the command line and the environment it execs.
 */
const root = path.resolve(__dirname, '..');
const jemalloc = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
  '/usr/lib/libjemalloc.so.2',
].find((lib) => fs.existsSync(lib));
let bin: string;

beforeAll(() => {
  bin = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-start-'));
  fs.writeFileSync(
    path.join(bin, 'node'),
    '#!/bin/sh\necho "args: $*"\necho "LD_PRELOAD=${LD_PRELOAD:-}"\necho "MALLOC_CONF=${MALLOC_CONF:-}"\n',
    { mode: 0o755 },
  );
});
afterAll(() => fs.rmSync(bin, { recursive: true, force: true }));

function start(env: Record<string, string> = {}, args: string[] = []) {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...env, PATH: `${bin}:${process.env.PATH}` };
  for (const name of ['LD_PRELOAD', 'MALLOC_CONF', 'NODE_HEAP_FLAGS', 'GONGHUI_MALLOC'])
    if (!(name in env)) delete environment[name];
  const output = execFileSync('sh', [path.join(root, 'scripts/start.sh'), ...args], {
    cwd: root,
    env: environment,
    encoding: 'utf8',
  });
  const line = (name: string) =>
    output
      .split('\n')
      .find((l) => l.startsWith(name))
      ?.slice(name.length) ?? '';
  return { args: line('args: '), preload: line('LD_PRELOAD='), mallocConf: line('MALLOC_CONF=') };
}

test('starts the server with the heap flags and passes its arguments on', () => {
  expect(start({}, ['-p', '3123']).args).toBe(
    '--max-old-space-size=256 --max-semi-space-size=4 dist/server.cjs -p 3123',
  );
  expect(start({ NODE_HEAP_FLAGS: '--max-old-space-size=160' }).args).toBe('--max-old-space-size=160 dist/server.cjs');
});

test('preloads jemalloc with its settings where installed, keeps glibc when asked or when it is not', () => {
  const started = start();
  expect(started.preload).toBe(jemalloc ?? '');
  expect(started.mallocConf).toBe(
    jemalloc ? 'narenas:2,background_thread:true,dirty_decay_ms:2000,muzzy_decay_ms:0' : '',
  );
  expect(start({ GONGHUI_MALLOC: 'system' }).preload).toBe('');
  if (jemalloc) {
    // An operator's own settings win, and a preload already there is not doubled.
    expect(start({ MALLOC_CONF: 'narenas:1' }).mallocConf).toBe('narenas:1');
    expect(start({ LD_PRELOAD: jemalloc }).preload).toBe(jemalloc);
  }
});
