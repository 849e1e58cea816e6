import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { existingProcessSlot, processSlot } from '../runtime/process-state';

declare module '../runtime/process-state' {
  interface ProcessSlots {
    metrics: Metrics;
    /** How the embedded database's WebAssembly memory is read, once it is open. */
    wasmMemory: { read?: () => number };
  }
}

/**
 * The server's Prometheus metrics, one registry for the process (lib/runtime/process-state.ts: the
 * server's start-up and Next.js's route handlers share it). Labels hold only bounded values (route
 * patterns, methods, status codes, cache names), never addresses, ids or account names.
 */
interface Metrics {
  registry: Registry;
  requests: Counter<'route' | 'method' | 'status'>;
  requestDuration: Histogram<'route' | 'method'>;
  queryDuration: Histogram<'driver'>;
  signInFailures: Counter<'reason'>;
  mailAttempts: Counter<'kind' | 'outcome'>;
  cachePurges: Counter<'outcome'>;
}

interface CacheCounts {
  hits: number;
  misses: number;
  entries: { size: number };
  bytes: number;
}

/**
 * The caches keep their counts in their process slots (lib/cache/public-reads.ts,
 * lib/server/stored-pages.ts, lib/content/storage/search-memory.ts); read here at scrape time rather
 * than imported, which would tie the metrics to the database.
 */
function cacheCounts(): Record<'page' | 'read' | 'search', CacheCounts | undefined> {
  return {
    page: existingProcessSlot('storedPages'),
    read: existingProcessSlot('publicReads'),
    search: existingProcessSlot('searchRankings'),
  };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

/** A method label from a fixed set, so odd methods cannot grow the label space. */
export function methodLabel(method: string | undefined): string {
  const upper = (method ?? '').toUpperCase();
  return METHODS.has(upper) ? upper : 'OTHER';
}

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time spent in database statements.',
    labelNames: ['driver'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'sign_in_failures_total',
    help: 'Refused sign-ins: reason="credentials" for a wrong username or password, "locked" for an account locked after repeated failures.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const mailAttempts = new Counter({
    name: 'mail_attempts_total',
    help: 'E-mail send attempts by kind (contact, password-reset) and outcome: sent, retry (failed, tried again later), failed (given up), expired (not sent in time).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const cachePurges = new Counter({
    name: 'cache_purges_total',
    help: 'PURGE requests sent to the cache tier (CACHE_PURGE_URLS), by outcome: sent, retry (failed, tried again), failed (given up).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const [name, help, read] of [
    [
      'cache_hits_total',
      'Cache hits (page: whole public pages; read: public content reads; search: rankings of site searches, whose other pages are slices of them).',
      (c: CacheCounts) => c.hits,
    ],
    [
      'cache_misses_total',
      'Cache misses (page: whole public pages; read: public content reads; search: rankings of site searches).',
      (c: CacheCounts) => c.misses,
    ],
  ] as const) {
    new Counter({
      name,
      help,
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [cache, counts] of Object.entries(cacheCounts())) if (counts) this.inc({ cache }, read(counts));
      },
    });
  }
  new Gauge({
    name: 'cache_entries',
    help: 'Entries held in each cache.',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      for (const [cache, counts] of Object.entries(cacheCounts())) if (counts) this.set({ cache }, counts.entries.size);
    },
  });
  new Gauge({
    name: 'cache_bytes',
    help: 'Approximate bytes held in each cache.',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      for (const [cache, counts] of Object.entries(cacheCounts())) if (counts) this.set({ cache }, counts.bytes);
    },
  });
  new Gauge({
    name: 'pglite_wasm_memory_bytes',
    help: "Size of the embedded database's WebAssembly memory (it grows and never shrinks; absent on PostgreSQL).",
    registers: [registry],
    collect() {
      const bytes = embeddedDatabaseMemory();
      if (bytes !== undefined) this.set(bytes);
    },
  });
  return { registry, requests, requestDuration, queryDuration, signInFailures, mailAttempts, cachePurges };
}

const wasmMemory = processSlot('wasmMemory', () => ({}));

/** The embedded database tells the metrics how to read its WebAssembly memory size. */
export function reportEmbeddedDatabaseMemory(read: () => number): void {
  wasmMemory.read = read;
}

function embeddedDatabaseMemory(): number | undefined {
  return wasmMemory.read?.();
}

export function metrics(): Metrics {
  return processSlot('metrics', create);
}

/** Times one database statement; call the returned function when it ends. */
export function timeQuery(driver: 'pglite' | 'postgres'): () => void {
  const started = process.hrtime.bigint();
  return () => metrics().queryDuration.observe({ driver }, Number(process.hrtime.bigint() - started) / 1e9);
}
