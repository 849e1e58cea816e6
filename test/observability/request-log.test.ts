import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import pino from 'pino';
import { dispatch } from '../../lib/api/dispatch';
import { resetConfig } from '../../lib/config';
import { replaceLogger } from '../../lib/observability/logger';
import { metricsResponse } from '../../lib/observability/metrics-endpoint';
import { pipeline } from '../../lib/server/pipeline';
import { requestLog } from '../../lib/server/request-log';
import { signedIn } from '../helpers/api';
import { withDatabase } from '../helpers/database';
import { waitFor } from '../helpers/wait-for';

/**
 * The request log and the request metrics, on a real HTTP server that hands /api to the dispatcher
 * as the app route does, behind the request-log stage of the server's pipeline.
 */
withDatabase();

const lines: Record<string, unknown>[] = [];
let server: http.Server;
let base: string;

async function webRequest(request: http.IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  return new Request(`http://127.0.0.1${request.url}`, { method: request.method, headers, body });
}

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
  });
  replaceLogger(pino({ base: undefined, formatters: { level: (label) => ({ level: label }) } }, stream));
  server = http.createServer(
    pipeline([requestLog([])], async (request, response) => {
      if (request.url === '/boom') {
        response.statusCode = 500;
        response.end('no');
        return;
      }
      const answer = await dispatch(await webRequest(request));
      response.statusCode = answer.status;
      answer.headers.forEach((value, name) => response.setHeader(name, value));
      response.end(Buffer.from(await answer.arrayBuffer()));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const xsrf = { 'x-xsrf-token': 't', cookie: 'XSRF-TOKEN=t', 'content-type': 'application/json' };

async function logLineFor(requestId: string): Promise<Record<string, unknown>> {
  const line = () => lines.find((entry) => entry.requestId === requestId);
  await waitFor(() => line() !== undefined, { timeout: 1_000, what: `the log line for ${requestId}` });
  return line()!;
}

async function scrape(): Promise<string> {
  const response = await metricsResponse(
    new Request('http://x/metrics', { headers: { authorization: 'Bearer scrape-me' } }),
    'scrape-me',
  );
  expect(response.status).toBe(200);
  return response.text();
}

function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((row) => row.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('request log', () => {
  test('one JSON line per request with its id, route pattern, status, duration, address and account', async () => {
    const { token, id } = await signedIn(1);
    const response = await fetch(`${base}/api/webnews/get/12345`, { headers: { authorization: `Bearer ${token}` } });
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = await logLineFor(requestId!);
    expect(line).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/api/webnews/get/:id',
      status: response.status,
      clientAddress: '127.0.0.1',
      accountId: id,
    });
    expect(typeof line.durationMs).toBe('number');
    expect(typeof line.time).toBe('number');
    expect(JSON.stringify(line)).not.toContain('12345');
  });

  test('a forged X-Request-Id from an untrusted peer is replaced; a trusted proxy’s is kept', async () => {
    const forged = await fetch(`${base}/api/webnews/getlist`, {
      method: 'POST',
      headers: { ...xsrf, 'x-request-id': 'forged-by-client' },
      body: '{}',
    });
    expect(forged.headers.get('x-request-id')).not.toBe('forged-by-client');
    await logLineFor(forged.headers.get('x-request-id')!);
    expect(lines.some((line) => line.requestId === 'forged-by-client')).toBe(false);

    process.env.TRUSTED_PROXIES = '127.0.0.1';
    resetConfig();
    try {
      const proxied = await fetch(`${base}/api/webnews/getlist`, {
        method: 'POST',
        headers: { ...xsrf, 'x-request-id': 'from-the-proxy', 'x-forwarded-for': '198.51.100.23' },
        body: '{}',
      });
      expect(proxied.headers.get('x-request-id')).toBe('from-the-proxy');
      expect(await logLineFor('from-the-proxy')).toMatchObject({
        clientAddress: '198.51.100.23',
        route: '/api/webnews/getlist',
      });
    } finally {
      delete process.env.TRUSTED_PROXIES;
      resetConfig();
    }
  });

  test('an unexpected error logs its stack once, with the id of the request it broke', async () => {
    const { requestStore } = await import('../../lib/observability/request-store');
    const { logError } = await import('../../lib/observability/logger');
    requestStore.run({ id: 'req-with-error', clientAddress: '127.0.0.1' }, () =>
      logError(new Error('kaput'), 'API error'),
    );
    const errors = lines.filter((line) => line.requestId === 'req-with-error');
    expect(errors).toHaveLength(1);
    expect((errors[0].err as { stack: string }).stack).toContain('kaput');
    expect(errors[0].level).toBe('error');
  });
});

describe('metrics', () => {
  test('refused without METRICS_TOKEN, without the bearer token, or with a wrong one', async () => {
    expect(
      (
        await metricsResponse(
          new Request('http://x/metrics', { headers: { authorization: 'Bearer anything' } }),
          undefined,
        )
      ).status,
    ).toBe(404);
    expect((await metricsResponse(new Request('http://x/metrics'), 'secret-token')).status).toBe(401);
    expect(
      (
        await metricsResponse(
          new Request('http://x/metrics', { headers: { authorization: 'Bearer wrong-token!' } }),
          'secret-token',
        )
      ).status,
    ).toBe(401);
  });

  test('counts a request it just served, by route pattern, method and status, with its latency', async () => {
    const labels = 'route="/api/webnews/getlist",method="POST",status="200"';
    const before = sample(await scrape(), 'http_requests_total', labels);
    await fetch(`${base}/api/webnews/getlist`, { method: 'POST', headers: xsrf, body: '{}' });
    await fetch(`${base}/boom`);
    const text = await scrape();
    expect(sample(text, 'http_requests_total', labels)).toBe(before + 1);
    expect(sample(text, 'http_requests_total', 'route="(other)",method="GET",status="500"')).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', 'route="/api/webnews/getlist",method="POST"'),
    ).toBeGreaterThanOrEqual(before + 1);
    expect(
      sample(text, 'db_query_duration_seconds_count', `driver="${process.env.DATABASE_URL ? 'postgres' : 'pglite'}"`),
    ).toBeGreaterThan(0);
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toMatch(/cache_(hits|misses)_total\{cache="read"\}/);
    // No addresses, ids or names in labels.
    expect(text).not.toContain('127.0.0.1');
    expect(text).not.toContain('/boom');
  });

  test('counts refused sign-ins by reason', async () => {
    const { username } = await signedIn(1);
    const before = sample(await scrape(), 'sign_in_failures_total', 'reason="credentials"');
    const beforeLocked = sample(await scrape(), 'sign_in_failures_total', 'reason="locked"');
    for (let i = 0; i < 6; i++) {
      await fetch(`${base}/api/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'wrong' }),
      });
    }
    const counted = async () => sample(await scrape(), 'sign_in_failures_total', 'reason="locked"') >= beforeLocked + 2;
    await waitFor(counted, { timeout: 1_000, what: 'the failures to be counted' });
    const text = await scrape();
    expect(sample(text, 'sign_in_failures_total', 'reason="credentials"')).toBe(before + 4);
    expect(sample(text, 'sign_in_failures_total', 'reason="locked"')).toBe(beforeLocked + 2);
  });
});
