import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { connectReady } from '../db';
import { migrationsFolder } from '../db/client';
import { logger } from './logger';

/**
 * Liveness and readiness for supervisors and load balancers (docs/operations.md). Live: the process
 * answers. Ready: the database answers and every migration shipped with this build is applied.
 */
export type Readiness =
  | { ready: true; body: { status: 'ready'; database: 'ok'; migrations: 'ok' } }
  | {
      ready: false;
      body: {
        status: 'unavailable';
        database: 'ok' | 'unavailable';
        migrations: 'ok' | 'pending' | 'unknown';
        reason: string;
      };
    };

const TIMEOUT_MS = 3000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The part of Drizzle's migration journal read here. */
const migrationJournal = z.object({ entries: z.array(z.object({ when: z.number() })) });

/** The migration timestamps this build ships (Drizzle records each one's `when` as created_at). */
function shippedMigrations(): number[] {
  const journal = migrationJournal.parse(
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')),
  );
  return journal.entries.map((entry) => entry.when);
}

export async function readiness(timeoutMs = TIMEOUT_MS): Promise<Readiness> {
  let step: 'database' | 'migrations' = 'database';
  try {
    const applied = await withTimeout(
      (async () => {
        const connection = await connectReady();
        await connection.query('select 1');
        step = 'migrations';
        const rows = await connection.query<{ created_at: string | number }>(
          `select created_at from ${connection.migrationsTable}`,
        );
        return new Set(rows.map((row) => Number(row.created_at)));
      })(),
      timeoutMs,
    );
    const pending = shippedMigrations().filter((when) => !applied.has(when)).length;
    if (pending > 0) {
      return {
        ready: false,
        body: {
          status: 'unavailable',
          database: 'ok',
          migrations: 'pending',
          reason: `${pending} migration(s) not applied`,
        },
      };
    }
    return { ready: true, body: { status: 'ready', database: 'ok', migrations: 'ok' } };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger().warn({ check: 'readiness', step, error: message }, 'not ready');
    const reason =
      step === 'database'
        ? /shutting down/.test(message)
          ? 'shutting down'
          : 'the database does not answer'
        : 'the migrations could not be read';
    return {
      ready: false,
      body: {
        status: 'unavailable',
        database: step === 'database' ? 'unavailable' : 'ok',
        migrations: 'unknown',
        reason,
      },
    };
  }
}

export const liveness = { status: 'ok' } as const;
