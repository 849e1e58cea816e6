import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from './fixtures';

let varnish: ChildProcess | undefined;

/**
 * Starts varnishd with deploy/varnish/default.vcl, its backend pointed at `appPort`, listening on
 * `port`, with the deployment's parameters (deploy/varnish/startup.cli); its work files go under
 * `workDir/varnish`. `ready()` resolves once it answers through the app. varnishd must be installed
 * (.ci/run installs it): without it the spec fails. One at a time: `stopVarnish` stops it.
 */
export function startVarnish({ workDir, appPort, port }: { workDir: string; appPort: number; port: number }): {
  ready: () => Promise<void>;
} {
  const vcl = fs.readFileSync('deploy/varnish/default.vcl', 'utf8').replace('.port = "3000";', `.port = "${appPort}";`);
  const vclPath = path.join(workDir, 'default.vcl');
  // varnishd run as root reads the VCL as its own unprivileged user.
  fs.chmodSync(workDir, 0o755);
  fs.writeFileSync(vclPath, vcl, { mode: 0o644 });
  const child = spawn(
    'varnishd',
    [
      '-F',
      '-a',
      `127.0.0.1:${port}`,
      '-T',
      'none',
      '-f',
      vclPath,
      '-n',
      path.join(workDir, 'varnish'),
      '-I',
      'deploy/varnish/startup.cli',
      '-s',
      'malloc,64m',
      // Varnish closes a client's idle connection after 5 s; a test's API client, unlike a browser,
      // does not retry a request that met that close on a kept connection (ECONNRESET).
      '-p',
      'timeout_idle=120',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  varnish = child;
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => (output += chunk));
  const failed = new Promise<never>((_, reject) => child.once('error', reject));
  failed.catch(() => {});
  return { ready: () => waitForVarnish(`http://127.0.0.1:${port}`, failed, () => output) };
}

async function waitForVarnish(front: string, failed: Promise<never>, output: () => string): Promise<void> {
  let last = '';
  let error: Error | undefined;
  failed.catch((e: Error) => (error = e));
  const up = async () =>
    error !== undefined ||
    (await fetch(`${front}/tw`).then(
      (r) => ((last = String(r.status)), r.ok),
      (e: Error) => ((last = e.message), false),
    ));
  try {
    await expect
      .poll(up, { timeout: 30_000, intervals: [250], message: 'varnishd answering through the app' })
      .toBe(true);
    if (error) throw error;
  } catch {
    throw new Error(`varnishd did not start (last answer: ${last}):\n${error?.message ?? ''}${output()}`);
  }
}

/** Stops the varnishd `startVarnish` started, if it still runs. */
export async function stopVarnish(): Promise<void> {
  const child = varnish;
  varnish = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
