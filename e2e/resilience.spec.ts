import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { restartPaths, twoBackendVcl } from '../bench/two-servers.mjs';
import { admin, nextTestAddress, startServer } from './helpers';
import { ownPostgres, type OwnPostgres } from './own-postgres';
import { E2E_PORT, E2E_VARNISH_PORT, E2E_SECRET_KEY } from './worker';

/**
 * Outages and upgrades as an operator meets them (docs/operations.md, "Upgrades without downtime",
 * "When the database is away"): app servers on one PostgreSQL cluster of the test's own (so it can
 * be stopped), behind Varnish running deploy/varnish/default.vcl with two backends. In order:
 * (a) three servers started in the same second on an empty database all come up, each migration
 * applied once; (b) a rolling restart under steady load through Varnish fails no request and loses
 * no acknowledged save, and an upload under way at SIGTERM completes; (c) with every app server
 * down, cached pages are still served (marked stale), and fresh pages return soon after one server
 * is back; (d) with PostgreSQL stopped for 20 s under a mixed load, nothing answers 500, writes get
 * 503 with Retry-After, and everything recovers by itself. Several app servers on one database is the
 * PostgreSQL deployment, so the spec runs in the PostgreSQL run (DATABASE_URL set), as
 * e2e/several-servers.spec.ts does.
 */
const base = E2E_PORT;
const ports = { a: base + 71, b: base + 72, c: base + 73, postgres: base + 74 };
const varnishPort = E2E_VARNISH_PORT;
const front = `http://127.0.0.1:${varnishPort}`;
const appUrl = (port: number) => `http://127.0.0.1:${port}`;
const XSRF = 'resilience-xsrf';

type Server = Awaited<ReturnType<typeof startServer>>;

if (process.env.DATABASE_URL) {
  test.describe.serial('outages and upgrades without visitors noticing', { tag: '@alone' }, () => {
    test.describe.configure({ timeout: 120_000 });
    let cluster: OwnPostgres;
    let workDir: string;
    let varnish: ChildProcess | undefined;
    const servers: Partial<Record<'a' | 'b' | 'c', Server>> = {};
    let token = '';
    /** Rows whose add was answered 200: they must all be in the database at the end. */
    const acknowledged: number[] = [];

    const environment = (name: 'a' | 'b' | 'c'): NodeJS.ProcessEnv => ({
      ...process.env,
      DATABASE_URL: cluster.url('gonghui'),
      DATA_DIR: path.join(workDir, `data-${name}`),
      DEMO_CONTENT: 'on',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      SITE_URL: front,
      LOG_LEVEL: 'warn',
      TRUSTED_PROXIES: '127.0.0.1',
      CACHE_PURGE_URLS: `${front}/`,
      SECRET_KEY: E2E_SECRET_KEY,
    });
    /**
     * Varnish's latest probe verdict on each backend (`app1`: server A, `app2`: B), read from its
     * shared-memory log; none before varnishd runs.
     */
    const verdicts = (): Record<string, 'healthy' | 'sick'> => {
      let log = '';
      try {
        log = execFileSync(
          'varnishlog',
          ['-n', path.join(workDir, 'varnish'), '-d', '-g', 'raw', '-i', 'Backend_health'],
          { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] },
        );
      } catch {
        return {};
      }
      const latest: Record<string, 'healthy' | 'sick'> = {};
      for (const [, backend, verdict] of log.matchAll(/Backend_health\s+-\s+\S*?(app\d+) \w+ (healthy|sick)/g))
        latest[backend] = verdict as 'healthy' | 'sick';
      return latest;
    };
    /** Waits until Varnish sends requests to these backends again: probed healthy (three good probes). */
    const inRotation = (...backends: string[]) =>
      expect
        .poll(() => backends.every((backend) => verdicts()[backend] === 'healthy'), {
          timeout: 20_000,
          intervals: [250],
          message: `Varnish probing ${backends.join(' and ')} healthy`,
        })
        .toBe(true);
    const start = async (name: 'a' | 'b' | 'c') => {
      servers[name] = await startServer(ports[name], environment(name), '/readyz', `server ${name}`);
    };
    const stop = async (name: 'a' | 'b' | 'c') => {
      await servers[name]?.stop();
      servers[name] = undefined;
    };

    async function sql<T = Record<string, unknown>>(text: string): Promise<T[]> {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: cluster.url('gonghui') });
      await client.connect();
      try {
        return (await client.query(text)).rows as T[];
      } finally {
        await client.end();
      }
    }

    const writeHeaders = () => ({
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-xsrf-token': XSRF,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'web-language': 'en',
    });

    /** Adds a news row through `origin`; its status, its Retry-After, and the row's id when acknowledged. */
    async function addNews(origin: string, title: string, publishAt?: Date) {
      const response = await fetch(`${origin}/api/webnews/add`, {
        method: 'POST',
        headers: writeHeaders(),
        body: JSON.stringify({ title, summary: title, isVisible: true, publishAt: publishAt?.toISOString() }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await response.json().catch(() => ({}))) as { id?: number; message?: string };
      if (response.status === 200 && body.id) acknowledged.push(body.id);
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
    }

    /**
     * Steady load until `stop()`: each worker requests the next URL as soon as the last answered
     * (after `pauseMs`), and every answer's status is counted; `write` adds a row every `writeEveryMs`.
     */
    function load(urls: string[], options: { workers: number; pauseMs: number; writeTo?: string[] }) {
      const answers: { url: string; status: number; retryAfter: string | null; at: number; write?: boolean }[] = [];
      let running = true;
      /** While writes are paused: resolves when they resume. */
      let paused: { resumed: Promise<void>; resume: () => void } | undefined;
      let writing = Promise.resolve();
      const pause = () => new Promise((resolve) => setTimeout(resolve, options.pauseMs));
      const worker = async (offset: number) => {
        for (let i = offset; running; i++) {
          const url = urls[i % urls.length];
          const answer = await fetch(url, { signal: AbortSignal.timeout(15_000) }).then(
            async (response) => {
              await response.arrayBuffer();
              return { status: response.status, retryAfter: response.headers.get('retry-after') };
            },
            (error: Error) => ({ status: 0, retryAfter: `${error.name}: ${error.message}` }),
          );
          answers.push({ url, ...answer, at: Date.now() });
          await pause();
        }
      };
      const writer = async (origins: string[]) => {
        for (let i = 0; running; i++) {
          if (paused) {
            await paused.resumed;
            continue;
          }
          const origin = origins[i % origins.length];
          const write = addNews(origin, `Load ${Date.now()} ${i}`).catch((error: Error) => ({
            status: 0,
            retryAfter: error.message,
          }));
          writing = write.then(() => {});
          const answer = await write;
          answers.push({ url: `${origin}/api/webnews/add`, ...answer, at: Date.now(), write: true });
          // A steady rate of writes, on purpose: four a second.
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      };
      const all = Array.from({ length: options.workers }, (_, i) => worker(i));
      if (options.writeTo) all.push(writer(options.writeTo));
      return {
        answers,
        /** Stops adding rows; resolves once the write under way has been answered. */
        pauseWrites() {
          if (!paused) {
            let resume!: () => void;
            const resumed = new Promise<void>((resolve) => (resume = resolve));
            paused = { resumed, resume };
          }
          return writing;
        },
        resumeWrites() {
          paused?.resume();
          paused = undefined;
        },
        async stop() {
          running = false;
          paused?.resume();
          await Promise.all(all);
          return answers;
        },
      };
    }

    const describeFailures = (answers: { url: string; status: number; retryAfter: string | null }[]) =>
      answers.map((answer) => `${answer.status} ${answer.url} ${answer.retryAfter ?? ''}`).join('\n');

    async function startVarnish(): Promise<void> {
      const vcl = twoBackendVcl(fs.readFileSync('deploy/varnish/default.vcl', 'utf8'), ports.a, ports.b);
      const vclPath = path.join(workDir, 'default.vcl');
      fs.writeFileSync(vclPath, vcl, { mode: 0o644 });
      varnish = spawn(
        'varnishd',
        [
          ...['-F', '-a', `127.0.0.1:${varnishPort}`, '-T', 'none', '-f', vclPath],
          ...['-n', path.join(workDir, 'varnish'), '-I', 'deploy/varnish/startup.cli', '-s', 'malloc,64m'],
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      for (const stream of [varnish.stdout, varnish.stderr]) stream?.on('data', (chunk) => (output += chunk));
      try {
        await inRotation('app1', 'app2');
      } catch {
        throw new Error(`varnishd did not start:\n${output}`);
      }
    }

    test.beforeAll(async () => {
      workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-resilience-'));
      // varnishd run as root reads the VCL as its own unprivileged user.
      fs.chmodSync(workDir, 0o755);
      cluster = ownPostgres(ports.postgres);
      cluster.start();
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: cluster.url() });
      await client.connect();
      await client.query('create database gonghui');
      await client.end();
    });

    test.afterAll(async () => {
      if (varnish && varnish.exitCode === null) {
        const exited = new Promise((resolve) => varnish!.once('exit', resolve));
        varnish.kill('SIGTERM');
        await exited;
      }
      await Promise.all((['a', 'b', 'c'] as const).map(stop));
      cluster?.remove();
      fs.rmSync(workDir, { recursive: true, force: true });
    });

    test('three servers started in the same second on an empty database all come up, each step done once', async () => {
      await Promise.all((['a', 'b', 'c'] as const).map(start));
      const migrations = await sql<{ hash: string; n: string }>(
        'select hash, count(*) as n from drizzle.__drizzle_migrations group by hash',
      );
      const journal = JSON.parse(fs.readFileSync('lib/db/migrations/meta/_journal.json', 'utf8')) as {
        entries: unknown[];
      };
      expect(migrations).toHaveLength(journal.entries.length);
      expect(migrations.filter((row) => Number(row.n) !== 1)).toEqual([]);
      // The first Admin once, and the demo content loaded once (no row twice).
      expect(await sql('select username from account')).toEqual([{ username: admin.username }]);
      expect(await sql('select title, lang, count(*) from webnews group by title, lang having count(*) > 1')).toEqual(
        [],
      );
      expect(Number((await sql<{ n: string }>('select count(*) as n from webnews'))[0].n)).toBeGreaterThan(0);
      for (const name of ['a', 'b', 'c'] as const) {
        expect((await fetch(`${appUrl(ports[name])}/readyz`)).status).toBe(200);
      }
      await stop('c');
      const login = await fetch(`${appUrl(ports.a)}/api/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextTestAddress() },
        body: JSON.stringify(admin),
      });
      token = ((await login.json()) as { token: string }).token;
      expect(token).toBeTruthy();
    });

    test('a rolling restart under load through Varnish fails no request and loses no save', async () => {
      await startVarnish();
      const newsIds = (await sql<{ id: number }>("select id from webnews where lang = 'en' limit 3")).map((r) => r.id);
      // The API's language is Web-Language's, Chinese without it.
      const apiIds = (await sql<{ id: number }>("select id from webnews where lang = 'tw' limit 3")).map((r) => r.id);
      const urls = restartPaths(newsIds, apiIds).map((url) => `${front}${url}`);
      const running = load(urls, { workers: 3, pauseMs: 20, writeTo: [`${front}`] });

      // An upload under way when server A is told to stop: sent slowly, straight to A.
      const boundary = 'resilience-boundary';
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300 * 1024, 7), Buffer.from('\n%%EOF\n')]);
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const body = Buffer.concat([head, pdf, tail]);
      let underWay!: () => void;
      const started = new Promise<void>((resolve) => (underWay = resolve));
      const upload = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(
          `${appUrl(ports.a)}/api/upload`,
          {
            method: 'POST',
            headers: {
              ...writeHeaders(),
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(body.length),
            },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          },
        );
        request.on('error', reject);
        // The body in ten pieces over about 3 s, on purpose: a slow client, still sending while A
        // drains (its grace is 5 s).
        const piece = Math.ceil(body.length / 10);
        let sent = 0;
        const next = () => {
          request.write(body.subarray(sent, sent + piece), () => underWay());
          sent += piece;
          if (sent < body.length) setTimeout(next, 300);
          else request.end();
        };
        next();
      });
      // A has the upload's first pieces when it is told to stop.
      await started;

      const restart = async (name: 'a' | 'b') => {
        await stop(name);
        await start(name);
        await inRotation(name === 'a' ? 'app1' : 'app2');
      };
      await restart('a');
      const uploaded = await upload;
      expect(uploaded.status, uploaded.text).toBe(200);
      const { url: uploadUrl } = JSON.parse(uploaded.text) as { url: string };
      await restart('b');
      // The load goes on a little with both servers back.
      const before = running.answers.length;
      await expect.poll(() => running.answers.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 30);
      const answers = await running.stop();

      const failed = answers.filter((answer) => answer.status !== 200);
      console.log(`rolling restart: ${answers.length} requests, ${failed.length} failed, ${acknowledged.length} saves`);
      expect(answers.length).toBeGreaterThan(200);
      expect(failed, describeFailures(failed)).toEqual([]);
      const served = await fetch(`${appUrl(ports.b)}${uploadUrl}`);
      expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
      const stored = new Set((await sql<{ id: number }>('select id from webnews')).map((row) => Number(row.id)));
      expect(acknowledged.length).toBeGreaterThan(10);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    });

    test('with every app server down, cached pages are served stale; fresh ones soon after one is back', async () => {
      // A row going live in 8 s: the news list is kept no longer than that, so it is past its
      // time while the servers are down.
      const publishAt = new Date(Date.now() + 8_000);
      const scheduled = await addNews(appUrl(ports.a), 'Scheduled while the servers are down', publishAt);
      expect(scheduled.status).toBe(200);
      const crawl = ['/tw', '/en', '/en/news', '/en/about', '/en/laws', '/feeds/en/news.xml', '/sitemap.xml'];
      for (const page of crawl) {
        for (let i = 0; i < 2; i++) expect((await fetch(`${front}${page}`)).status, page).toBe(200);
      }
      const list = await fetch(`${front}/en/news`);
      const keptFor = Number(/s-maxage=(\d+)/.exec(list.headers.get('cache-control') ?? '')?.[1]);
      expect(keptFor).toBeLessThanOrEqual(8);

      await Promise.all([stop('a'), stop('b')]);
      // Time must pass, servers down: the row's publication time and the list's s-maxage both run out.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, publishAt.getTime() + 1_500 - Date.now())));
      // For a while (three rounds a second apart, on purpose), every page of the crawl still answers from Varnish.
      for (let round = 0; round < 3; round++) {
        for (const page of crawl) {
          const response = await fetch(`${front}${page}`);
          expect(response.status, page).toBe(200);
          expect(['HIT', 'STALE'], page).toContain(response.headers.get('x-cache'));
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      const stale = await fetch(`${front}/en/news`);
      expect(stale.status).toBe(200);
      expect(stale.headers.get('x-cache')).toBe('STALE');
      expect(Number(stale.headers.get('age'))).toBeGreaterThan(keptFor);
      // Never to a signed-in visitor, and the API answers Varnish's 503.
      expect((await fetch(`${front}/en/news`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(503);
      const api = await fetch(`${front}/api/webnews/get/1`);
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('5');

      await start('a');
      const ready = Date.now();
      await expect
        .poll(
          async () => {
            const response = await fetch(`${front}/en/news`);
            const text = await response.text();
            return `${response.headers.get('x-cache')} ${text.includes(`/en/news/${scheduled.body.id}"`)}`;
          },
          { timeout: 15_000, intervals: [250] },
        )
        .toMatch(/^(MISS|HIT) true$/);
      console.log(`fresh pages ${Date.now() - ready} ms after server A was ready`);
      await start('b');
    });

    test('with PostgreSQL stopped for 20 s: no 500, writes 503 with Retry-After, all back by itself', async () => {
      const newsIds = (await sql<{ id: number }>("select id from webnews where lang = 'en' limit 2")).map((r) => r.id);
      const apiIds = (await sql<{ id: number }>("select id from webnews where lang = 'tw' limit 2")).map((r) => r.id);
      // Pages no news write touches (keyed by their own resources, not the `content` key of pages
      // that mix many, such as /en/about): kept by the servers and by Varnish once requested, they
      // must be served all through the outage, and after it while Varnish probes the servers
      // healthy again, when the writes that come back purge what they show.
      const kept = [appUrl(ports.a), appUrl(ports.b), front].flatMap((origin) =>
        ['/en/about/committees', '/en/laws'].map((page) => `${origin}${page}`),
      );
      const urls = [ports.a, ports.b].flatMap((port) => [
        `${appUrl(port)}/en`,
        `${appUrl(port)}/en/news`,
        ...newsIds.map((id) => `${appUrl(port)}/en/news/${id}`),
        ...apiIds.map((id) => `${appUrl(port)}/api/webnews/get/${id}`),
      ]);
      const running = load([...urls, ...kept, `${front}/en`, `${front}/en/news`], {
        workers: 3,
        pauseMs: 30,
        writeTo: [appUrl(ports.a), appUrl(ports.b)],
      });
      // Load under way on both servers before the outage: a few saves answered.
      const saved = acknowledged.length;
      await expect.poll(() => acknowledged.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(saved + 4);
      await running.pauseWrites();
      // The last acknowledged write has been heard by both servers (each one's news list shows it);
      // the kept pages are rendered after it.
      const last = acknowledged.at(-1);
      for (const port of [ports.a, ports.b]) {
        await expect
          .poll(async () => (await (await fetch(`${appUrl(port)}/en/news`)).text()).includes(`/en/news/${last}"`), {
            timeout: 5_000,
          })
          .toBe(true);
      }
      for (const url of kept) for (let i = 0; i < 2; i++) expect((await fetch(url)).status, url).toBe(200);
      const stopped = Date.now();
      cluster.stop();
      running.resumeWrites();
      await expect.poll(async () => (await fetch(`${appUrl(ports.a)}/readyz`)).status, { timeout: 5_000 }).toBe(503);
      const readyz = await fetch(`${appUrl(ports.b)}/readyz`);
      expect(readyz.status).toBe(503);
      expect(await readyz.json()).toMatchObject({ status: 'unavailable', database: 'unavailable' });
      const refused = await addNews(appUrl(ports.a), 'While the database is away');
      expect(refused.status).toBe(503);
      expect(refused.retryAfter).toBe('5');
      expect(refused.body.message).toMatch(/database/i);
      // Time must pass: the outage lasts 20 s, as docs/operations.md describes this test.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, stopped + 20_000 - Date.now())));
      cluster.start();
      const back = Date.now();
      for (const port of [ports.a, ports.b]) {
        await expect
          .poll(async () => (await fetch(`${appUrl(port)}/readyz`)).status, {
            timeout: Math.max(1_000, back + 10_000 - Date.now()),
            intervals: [200],
          })
          .toBe(200);
      }
      console.log(`every server ready ${Date.now() - back} ms after PostgreSQL was back`);
      for (const port of [ports.a, ports.b]) {
        expect((await addNews(appUrl(port), `After the database came back ${port}`)).status).toBe(200);
      }
      const answers = await running.stop();
      console.log(
        `database away: ${answers.length} requests, ${answers.filter((answer) => answer.status === 503).length} answered 503`,
      );
      const wrong = answers.filter(
        (answer) =>
          !(answer.status === 200 || (answer.status === 503 && answer.retryAfter === '5')) ||
          (kept.includes(answer.url) && answer.status !== 200) ||
          (answer.status === 503 && (answer.at < stopped || answer.at > back + 10_000)),
      );
      expect(answers.filter((answer) => answer.write && answer.status === 503).length).toBeGreaterThan(0);
      expect(wrong, describeFailures(wrong)).toEqual([]);
      const stored = new Set((await sql<{ id: number }>('select id from webnews')).map((row) => Number(row.id)));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    });
  });
}
