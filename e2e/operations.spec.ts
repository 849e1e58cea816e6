import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { startServer, waitUntil } from './helpers';
import { E2E_PORT } from './worker';

/**
 * The operator's view of a built server started here with its standard output captured: health,
 * readiness, metrics and the JSON request log. Its own port (beside the main e2e server's) and data.
 */
const port = E2E_PORT + 50;
const base = `http://127.0.0.1:${port}`;
const METRICS_TOKEN = 'e2e-metrics-token';

let server: Awaited<ReturnType<typeof startServer>> | undefined;
let dataDir: string;

function logLines(): Record<string, unknown>[] {
  return (server?.output() ?? '')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function logLineFor(requestId: string): Promise<Record<string, unknown>> {
  const line = () => logLines().find((entry) => entry.requestId === requestId && entry.msg === 'request');
  await waitUntil(() => line() !== undefined, { timeout: 5_000, interval: 50, what: `the log line of ${requestId}` });
  return line()!;
}

test.describe('operations endpoints and request log', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-ops-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      DEMO_CONTENT: 'off',
      METRICS_TOKEN,
      LOG_LEVEL: 'info',
    };
    delete env.TRUSTED_PROXIES;
    delete env.DATABASE_URL;
    server = await startServer(port, env, '/readyz', 'the operations server', { timeout: 150_000 });
  });

  test.afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('/healthz and /readyz answer JSON without redirect or cookie', async () => {
    const health = await fetch(`${base}/healthz`, { redirect: 'manual' });
    expect(health.status).toBe(200);
    // Idle connections stay open longer than a proxy in front keeps its own (lib/http/keep-alive.ts).
    expect(health.headers.get('keep-alive')).toBe('timeout=65');
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(health.headers.get('set-cookie')).toBeNull();
    const ready = await fetch(`${base}/readyz`, { redirect: 'manual' });
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'ok' });
    expect(ready.headers.get('set-cookie')).toBeNull();
  });

  test('/metrics refuses without the token and counts a request it just served', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer not-the-token' } })).status).toBe(401);
    const scrape = async () => {
      const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toBeNull();
      return response.text();
    };
    const count = (text: string, labels: string) =>
      Number(
        text
          .split('\n')
          .find((line) => line.startsWith(`http_requests_total{${labels}}`))
          ?.split(' ')
          .pop() ?? 0,
      );
    const labels = 'route="/[locale]",method="GET",status="200"';
    const before = count(await scrape(), labels);
    const page = await fetch(`${base}/en`);
    expect(page.status).toBe(200);
    // Read to the end: the request is counted once its response is finished, not when its headers arrive.
    await page.text();
    const text = await scrape();
    expect(count(text, labels)).toBe(before + 1);
    expect(count(text, 'route="/healthz",method="GET",status="200"')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('db_query_duration_seconds_count{driver="pglite"}');
    expect(text).toMatch(/cache_misses_total\{cache="page"\} \d+/);
    expect(text).toContain('process_resident_memory_bytes');
  });

  test('each request writes one JSON log line and returns its id; a forged id is not trusted', async () => {
    const response = await fetch(`${base}/api/webnews/getlist`, {
      method: 'POST',
      headers: {
        'x-request-id': 'forged-request-id',
        'x-forwarded-for': '203.0.113.66',
        'x-xsrf-token': 'x',
        cookie: 'XSRF-TOKEN=x',
      },
      body: '{}',
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = await logLineFor(requestId!);
    expect(line).toMatchObject({
      level: 'info',
      method: 'POST',
      route: '/api/webnews/getlist',
      status: 200,
      clientAddress: '127.0.0.1',
    });
    expect(typeof line.durationMs).toBe('number');
    expect(typeof line.time).toBe('string');
    expect(server!.output()).not.toContain('forged-request-id');

    const page = await fetch(`${base}/en/news`);
    const pageLine = await logLineFor(page.headers.get('x-request-id')!);
    expect(pageLine).toMatchObject({ method: 'GET', status: 200 });
    expect(String(pageLine.route)).toMatch(/^\/\[locale\]\/news/);
  });

  test('a lost log pipe leaves the server serving, not spinning on the failed writes', async () => {
    const child = server!.child;
    // The reader of the server's output goes away, as a closed terminal or a broken supervisor pipe.
    child.stdout?.destroy();
    child.stderr?.destroy();
    const cpuSeconds = () => {
      const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    };
    // Each request writes a log line into the broken pipe.
    for (let each = 0; each < 5; each++) expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const before = cpuSeconds();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // Idle, the server uses a few hundredths of a second; spinning on EPIPE it used the whole 2 s.
    expect(cpuSeconds() - before).toBeLessThan(0.5);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });
});
