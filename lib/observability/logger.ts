import pino, { type Logger } from 'pino';
import { currentRequest } from './request-store';

declare global {
  var __gonghuiLogger: Logger | undefined;
}

/**
 * The server's log: one JSON object a line on standard output, at LOG_LEVEL (info by default;
 * trace, debug, info, warn, error, fatal or silent).
 */
const holder = globalThis;

const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);

export function logLevel(value = process.env.LOG_LEVEL): string {
  const level = (value ?? '').trim().toLowerCase();
  return LEVELS.has(level) ? level : 'info';
}

export function logger(): Logger {
  holder.__gonghuiLogger ??= pino({
    level: logLevel(),
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
  return holder.__gonghuiLogger;
}

/** Sends the log elsewhere (tests read it from a stream). */
export function replaceLogger(next: Logger): void {
  holder.__gonghuiLogger = next;
}

/** An unexpected error, logged once with its stack and the id of the request it broke. */
export function logError(error: unknown, message: string): void {
  const requestId = currentRequest()?.id;
  logger().error(
    { ...(requestId ? { requestId } : {}), err: error instanceof Error ? error : new Error(String(error)) },
    message,
  );
}
