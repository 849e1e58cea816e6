import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { acquireLock, DatabaseLockedError } from '../lib/db/client';

const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-lock-'));

test('the lock file holds the owner pid and is removed on release', () => {
  const lockPath = path.join(folder(), 'pglite.lock');
  const release = acquireLock(lockPath);
  expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
  release();
  expect(fs.existsSync(lockPath)).toBe(false);
});

test('a lock held by a running process is refused with a clear message', () => {
  const lockPath = path.join(folder(), 'pglite.lock');
  // pid 1 always runs; it stands for "another live process".
  fs.writeFileSync(lockPath, '1');
  expect(() => acquireLock(lockPath)).toThrow(DatabaseLockedError);
  expect(() => acquireLock(lockPath)).toThrow(
    /already open in process 1.*stop that process first, or set DATABASE_URL/,
  );
  expect(fs.readFileSync(lockPath, 'utf8')).toBe('1');
});

test('a lock left by a process that died (kill -9) is taken over', () => {
  const lockPath = path.join(folder(), 'pglite.lock');
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
  fs.writeFileSync(lockPath, dead);
  const release = acquireLock(lockPath);
  expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
  release();
});
