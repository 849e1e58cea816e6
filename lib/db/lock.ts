import fs from 'node:fs';
import path from 'node:path';

export class DatabaseLockedError extends Error {
  constructor(lockPath: string, pid: number, waitedMs: number) {
    super(
      `The embedded database in ${path.dirname(lockPath)} is already open in process ${pid}` +
        (waitedMs > 0 ? ` (still after ${waitedMs / 1000} s). ` : '. ') +
        'PGlite allows one process at a time: stop that process first, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DatabaseLockedError';
  }
}

/** A system error's code (ENOENT…); not `instanceof Error`, which fails for errors of another realm. */
const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

/** What the lock file says of its owner: the pid and, where /proc exists, when that process started. */
interface LockOwner {
  pid: number;
  startTime?: string;
}

/**
 * Linux's view of a process (/proc/PID/stat): its state letter and its start time in clock ticks
 * since boot, which tells a process from a later one given the same pid. Undefined when the process
 * is gone; null where there is no /proc.
 */
function processStat(pid: number): { state: string; startTime: string } | undefined | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT' && fs.existsSync('/proc/self/stat')) return undefined;
    return null;
  }
  // The command name (field 2) may hold spaces and parentheses: the fields after its last ")" are fixed.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], startTime: fields[19] };
}

function ownStartTime(): string | undefined {
  return processStat(process.pid)?.startTime;
}

/**
 * Whether the lock's owner still runs. A killed process stays a zombie until its parent reaps it,
 * and a container may give its pid to a later process: neither holds the database.
 */
function ownerAlive(owner: LockOwner): boolean {
  const stat = processStat(owner.pid);
  if (stat === undefined) return false;
  if (stat !== null) {
    if (stat.state === 'Z' || stat.state === 'X') return false;
    return owner.startTime === undefined || owner.startTime === stat.startTime;
  }
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const [pid, startTime] = fs.readFileSync(lockPath, 'utf8').trim().split(/\s+/);
    return Number(pid) > 0 ? { pid: Number(pid), startTime } : undefined;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** Takes the lock if it is free or its owner is dead; returns the live owner otherwise. */
function tryLock(lockPath: string, content: string): LockOwner | null {
  try {
    fs.writeFileSync(lockPath, content, { flag: 'wx' });
    return null;
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  }
  const owner = readOwner(lockPath);
  if (owner && owner.pid !== process.pid && ownerAlive(owner)) return owner;
  // Left by a process that no longer runs (kill -9, a crash): removed, then taken as above.
  fs.rmSync(lockPath, { force: true });
  try {
    fs.writeFileSync(lockPath, content, { flag: 'wx' });
    return null;
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    // Another process took it between the two steps.
    return readOwner(lockPath) ?? { pid: 0 };
  }
}

/**
 * PGlite has no lock of its own, and two processes on one data folder corrupt it. The lock file
 * holds the owner's pid and start time; a lock whose owner no longer runs (kill -9, a zombie, a
 * reused pid) is taken over. A lock held by a live process is waited for up to `waitMs`: a
 * supervisor restarting the server may start the next process while the last one still exits.
 */
export async function acquireLock(lockPath: string, waitMs = 0): Promise<() => void> {
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const content = `${process.pid} ${ownStartTime() ?? ''}`.trim();
  const deadline = Date.now() + waitMs;
  for (;;) {
    const owner = tryLock(lockPath, content);
    if (owner === null) break;
    if (Date.now() >= deadline) throw new DatabaseLockedError(lockPath, owner.pid, waitMs);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return () => {
    try {
      if (fs.readFileSync(lockPath, 'utf8') === content) fs.unlinkSync(lockPath);
    } catch {
      // already gone
    }
  };
}
