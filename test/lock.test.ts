import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireLock, DatabaseLockedError } from '../lib/db/lock';
import { waitFor } from './helpers/wait-for';

const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-lock-'));
const startTimeOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};

/** A process that takes the lock (waiting up to `waitMs`) and holds it; resolves with its first line. */
function holder(lockPath: string, waitMs: number): { child: ChildProcess; said: Promise<string> } {
  const child = spawn(
    path.join('node_modules', '.bin', 'tsx'),
    ['test/fixtures/hold-lock.ts', lockPath, String(waitMs)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const said = new Promise<string>((resolve) => {
    let text = '';
    child.stdout!.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.trim());
    });
    child.once('exit', () => resolve(text.trim() || 'exited'));
  });
  return { child, said };
}

test('the lock file holds the owner pid and start time and is removed on release', async () => {
  const lockPath = path.join(folder(), 'pglite.lock');
  const release = await acquireLock(lockPath);
  expect(fs.readFileSync(lockPath, 'utf8')).toBe(`${process.pid} ${startTimeOf(process.pid)}`);
  release();
  expect(fs.existsSync(lockPath)).toBe(false);
});

test('a lock held by a running process is refused with a clear message', async () => {
  const lockPath = path.join(folder(), 'pglite.lock');
  // pid 1 always runs; it stands for "another live process".
  fs.writeFileSync(lockPath, `1 ${startTimeOf(1)}`);
  await expect(acquireLock(lockPath)).rejects.toThrow(DatabaseLockedError);
  await expect(acquireLock(lockPath, 300)).rejects.toThrow(
    /already open in process 1 \(still after 0.3 s\).*stop that process first, or set DATABASE_URL/,
  );
  expect(fs.readFileSync(lockPath, 'utf8')).toBe(`1 ${startTimeOf(1)}`);
});

test('a lock left by a process that died (kill -9) is taken over', async () => {
  const lockPath = path.join(folder(), 'pglite.lock');
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
  fs.writeFileSync(lockPath, dead);
  const release = await acquireLock(lockPath);
  expect(fs.readFileSync(lockPath, 'utf8')).toBe(`${process.pid} ${startTimeOf(process.pid)}`);
  release();
});

test('a lock whose pid now belongs to a later process (a container reusing pids) is taken over', async () => {
  const lockPath = path.join(folder(), 'pglite.lock');
  // pid 1 runs, but not the process that started at this time.
  fs.writeFileSync(lockPath, `1 ${Number(startTimeOf(1)) + 12345}`);
  const release = await acquireLock(lockPath);
  release();
});

test('a lock held by a killed process its parent has not reaped yet (a zombie) is taken over', async () => {
  const lockPath = path.join(folder(), 'pglite.lock');
  // A process whose parent becomes `sleep 60`, which never reaps it: once killed, it stays a zombie.
  const shell = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const owner = Number(await new Promise<string>((resolve) => shell.stdout!.once('data', (c) => resolve(String(c)))));
    // Once the shell has become `sleep 60` (else the shell would reap it).
    const parentSleeps = () => fs.readFileSync(`/proc/${shell.pid}/cmdline`, 'utf8').startsWith('sleep');
    await waitFor(parentSleeps, { timeout: 2_000, what: 'the shell to become sleep' });
    fs.writeFileSync(lockPath, `${owner} ${startTimeOf(owner)}`);
    await expect(acquireLock(lockPath)).rejects.toThrow(DatabaseLockedError);
    process.kill(owner, 'SIGKILL');
    const zombie = () => /\) Z /.test(fs.readFileSync(`/proc/${owner}/stat`, 'utf8'));
    await waitFor(zombie, { timeout: 5_000, what: 'the killed process to become a zombie' });
    expect(zombie()).toBe(true);
    const release = await acquireLock(lockPath);
    release();
  } finally {
    shell.kill('SIGKILL');
  }
});

test('killed with SIGKILL and started again at once, ten times: no start is refused', async () => {
  const lockPath = path.join(folder(), 'pglite.lock');
  let current = holder(lockPath, 5000);
  expect(await current.said).toBe('locked');
  // tsx runs the script in a child process of its own: the lock's owner. Both are killed.
  const kill = () => {
    process.kill(Number(fs.readFileSync(lockPath, 'utf8').split(' ')[0]), 'SIGKILL');
    current.child.kill('SIGKILL');
  };
  for (let restart = 0; restart < 10; restart++) {
    // As a supervisor does: kill the server, start the next one without waiting for the old to go.
    kill();
    current = holder(lockPath, 5000);
    expect(await current.said).toBe('locked');
  }
  kill();
}, 90_000);
