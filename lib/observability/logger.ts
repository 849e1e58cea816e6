import pino, { type Logger } from 'pino';
import { processSlot } from '../runtime/process-state';
import { currentRequest } from './request-store';

declare module '../runtime/process-state' {
  interface ProcessSlots {
    logger: { current?: Logger };
  }
}

/**
 * The server's log: one JSON object a line on standard output, at LOG_LEVEL (info by default;
 * trace, debug, info, warn, error, fatal or silent). One per process (lib/runtime/process-state.ts).
 */
const holder = processSlot('logger', () => ({}));

const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);

export function logLevel(value = process.env.LOG_LEVEL): string {
  const level = (value ?? '').trim().toLowerCase();
  return LEVELS.has(level) ? level : 'info';
}

export function logger(): Logger {
  holder.current ??= pino(
    {
      level: logLevel(),
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    // Written off the event loop (a line a request, written as it comes, without waiting for the
    // last write), and flushed when the process exits. Should standard output stop being read, at
    // most 16 MB wait; lines past that are dropped rather than the server's memory filled.
    pino.destination({ dest: 1, sync: false, maxLength: 16 * 1024 * 1024 }),
  );
  return holder.current;
}

/** Sends the log elsewhere (tests read it from a stream). */
export function replaceLogger(next: Logger): void {
  holder.current = next;
}

/** An unexpected error, logged once with its stack and the id of the request it broke. */
export function logError(error: unknown, message: string): void {
  const requestId = currentRequest()?.id;
  logger().error(
    { ...(requestId ? { requestId } : {}), err: error instanceof Error ? error : new Error(String(error)) },
    message,
  );
}
