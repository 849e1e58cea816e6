import { nextWindowChange } from '../cache/public-reads';
import { contentEpoch } from '../cache/content-epoch';
import { compressAnswer, type Encoding } from './compression';

/**
 * Visitors' answers to the API's reads (lists, searches, a row: Route.read), kept for a moment and
 * sent again as they are, compressed once per coding. Under load one visitor's list is asked for
 * hundreds of times a second; the read cache (lib/cache/public-reads.ts) spares each of those its
 * query, this spares it the rest: the operation, the wire form of its rows, JSON and compression.
 *
 * A kept answer is never sent after a content write (it belongs to the content epoch of the moment
 * its call began, which every write on this server and every write heard from another bumps:
 * lib/cache/content-epoch.ts), nor past the next moment a row enters or leaves the public window,
 * nor more than ANSWER_MS after it was made: within that second it is what the read cache, which
 * keeps its entries for 30 s, would have answered.
 */
export interface KeptAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The route pattern, for the request log. */
  route: string;
  coded: Partial<Record<Encoding, Buffer>>;
  epoch: number;
  until: number;
}

const ANSWER_MS = 1_000;
const MAX_ANSWERS = 1_000;
/** Larger answers are not kept: the lists and searches visitors page through are a few kilobytes. */
const MAX_ANSWER_BYTES = 256 * 1024;

const answers = new Map<string, KeptAnswer>();

/** The answer kept under `key`, if it may still be sent. */
export function keptAnswer(key: string, now = Date.now()): KeptAnswer | undefined {
  const answer = answers.get(key);
  if (!answer) return undefined;
  if (answer.epoch !== contentEpoch() || answer.until <= now) {
    answers.delete(key);
    return undefined;
  }
  return answer;
}

/** Keeps a visitor's answer whose call began in `epoch`, unless a write came meanwhile: the answer kept, if it is. */
export function keepAnswer(
  key: string,
  answer: Omit<KeptAnswer, 'coded' | 'until' | 'epoch'>,
  epoch: number,
): KeptAnswer | undefined {
  if (epoch !== contentEpoch() || answer.body.length > MAX_ANSWER_BYTES) return undefined;
  const now = Date.now();
  const until = Math.min(now + ANSWER_MS, nextWindowChange(now) ?? Infinity);
  const kept = { ...answer, coded: {}, epoch, until };
  answers.delete(key);
  answers.set(key, kept);
  // Map order is insertion order: the oldest go first.
  for (const oldest of answers.keys()) {
    if (answers.size <= MAX_ANSWERS) break;
    answers.delete(oldest);
  }
  return kept;
}

/** The kept answer's body in `coding`, compressed at its first request. */
export function codedBody(answer: KeptAnswer, coding: Encoding): Buffer {
  return (answer.coded[coding] ??= compressAnswer(answer.body, coding));
}

/** For tests. */
export function keptAnswerCount(): number {
  return answers.size;
}
