import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster of a test's own (initdb into a temporary folder, its own port), which the test
 * may stop and start without touching the server other tests share. The binaries are Debian's
 * (/usr/lib/postgresql/VERSION/bin, installed with the server: .ci/run makes sure of them); run as
 * root, the cluster belongs to the `postgres` user, since initdb refuses root.
 */
export interface OwnPostgres {
  url(database?: string): string;
  start(): void;
  stop(): void;
  remove(): void;
}

function binaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) throw new Error(`No PostgreSQL server binaries under ${root} (apt-get install postgresql)`);
  return path.join(root, versions[0], 'bin');
}

export function ownPostgres(port: number): OwnPostgres {
  const bin = binaries();
  const asRoot = process.getuid?.() === 0;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-own-pg-'));
  const data = path.join(folder, 'data');
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const full = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    execFileSync(command, full, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  };
  if (asRoot) {
    fs.chmodSync(folder, 0o755);
    execFileSync('chown', ['postgres', folder]);
  }
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const cluster: OwnPostgres = {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(folder, 'log'), '-w', 'start']),
    // Fast: connections are cut at once, as in a failover or an upgrade's restart.
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    remove: () => {
      try {
        cluster.stop();
      } catch {
        // not running
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
  return cluster;
}
