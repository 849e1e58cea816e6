import zlib from 'node:zlib';
import { contentEpoch } from '../cache/content-epoch';
import { storedGenerations } from '../cache/generations';
import { localGeneration } from '../cache/public-reads';
import type { Actor } from '../content/model/actor';
import { compressAnswer, MIN_COMPRESSED_BYTES, negotiateEncoding } from '../http/compression';
import { recordReads, type ReadRecord } from '../runtime/read-record';
import { answerOf, jsonBytes, wholeAnswerBody } from './http';

/**
 * Signed-in reads' answers (a back-office list, a law search: Route.read), kept with what they were
 * made from (lib/runtime/read-record.ts) and sent again while all of it still holds. The read cache
 * (lib/cache/public-reads.ts) spares such a call its queries; this spares it the rest: the operation,
 * the wire form of its rows, their annotations, JSON.
 *
 * A kept answer is sent again only when, read now, every stored generation it was made from is the
 * same (so a write committed by any server or script before the call is seen, as by the call
 * itself: on PostgreSQL this is the one query such a call costs, shared with the calls asked
 * meanwhile), every read-cache entry it used is still current on this server, no write was made or
 * heard of since (the content epoch: lib/cache/content-epoch.ts), and the clock has not reached a
 * moment at which any of it changes (an entry's expiry, an edit lock lapsing, a row's status). A
 * call that reached the database in any other way is not kept. Keyed by the account (and its role)
 * as well as the call, so nobody is sent an answer made for someone else.
 *
 * An answer of MIN_COMPRESSED_BYTES or more is kept compressed with brotli, once, and sent so to a
 * client that accepts it (every browser): a page of ten rows is then about 2.5 KB instead of 7.5,
 * in memory and on the wire, so the bound holds three times as many. A client that does not accept
 * brotli is sent the answer decompressed.
 */
interface StaffAnswer {
  /** The JSON answer, brotli-compressed when `compressed`. */
  body: Buffer;
  compressed: boolean;
  names: string[];
  generations: number[];
  local: [string, number][];
  epoch: number;
  until: number;
}

const MAX_ANSWERS = 10_000;
/** Bytes of kept bodies (off the collector's heap), the least recently sent dropped first. */
const MAX_BYTES = 32 * 1024 * 1024;
/** A larger answer (a page of 50 long rows) is made again each time. */
const MAX_ANSWER_BYTES = 64 * 1024;

const answers = new Map<string, StaffAnswer>();
let bytes = 0;

/** The key of a signed-in read: who asks (account, role, language), the call and its body. */
export function staffAnswerKey(actor: Actor, method: string, url: URL, body: unknown): string | undefined {
  const account = actor.account;
  if (!account) return undefined;
  return `${account.id}\n${account.role}\n${actor.language}\n${method} ${url.pathname}${url.search}\n${JSON.stringify(body)}`;
}

function drop(key: string): void {
  const answer = answers.get(key);
  if (!answer) return;
  bytes -= answer.body.length;
  answers.delete(key);
}

/** The answer kept under `key`, if everything it was made from still holds. */
async function keptStaffAnswer(key: string): Promise<StaffAnswer | undefined> {
  const answer = answers.get(key);
  if (!answer) return undefined;
  const current = () =>
    answer.epoch === contentEpoch() &&
    answer.until > Date.now() &&
    answer.local.every(([resource, generation]) => localGeneration(resource) === generation);
  if (!current()) {
    drop(key);
    return undefined;
  }
  const now = await storedGenerations(answer.names);
  if (now.some((generation, i) => generation !== answer.generations[i]) || !current()) {
    if (answers.get(key) === answer) drop(key);
    return undefined;
  }
  // Map order is insertion order: re-inserting keeps recently sent answers at the end.
  answers.delete(key);
  answers.set(key, answer);
  return answer;
}

/** A kept answer as a client accepting `acceptEncoding` takes it. */
function sentAs(answer: StaffAnswer, acceptEncoding: string | null): Response {
  if (!answer.compressed) return jsonBytes(answer.body);
  if (negotiateEncoding(acceptEncoding ?? undefined) === 'br')
    return jsonBytes(answer.body, 200, { 'content-encoding': 'br' });
  return jsonBytes(zlib.brotliDecompressSync(answer.body));
}

/**
 * The answer to the signed-in read under `key`: the one kept, if it still holds, in a coding the
 * client accepts (`acceptEncoding`, its Accept-Encoding), else `run`'s, kept when it may be (a JSON
 * answer whose reads were all keyed).
 */
export async function staffAnswer(
  key: string,
  run: () => Promise<unknown>,
  acceptEncoding: string | null = null,
): Promise<Response> {
  const kept = await keptStaffAnswer(key);
  if (kept) return sentAs(kept, acceptEncoding);
  const epoch = contentEpoch();
  const { value, record } = await recordReads(run);
  const response = answerOf(value);
  const body = wholeAnswerBody(response);
  if (body && !(value instanceof Response)) keepStaffAnswer(key, body, record, epoch);
  return response;
}

/** Keeps the body of a call that began in `epoch` and whose reads `record` describes, when it may be kept. */
function keepStaffAnswer(key: string, body: Buffer, record: ReadRecord, epoch: number): void {
  if (record.unkeyed || epoch !== contentEpoch() || record.until <= Date.now() || body.length > MAX_ANSWER_BYTES)
    return;
  drop(key);
  const compressed = body.length >= MIN_COMPRESSED_BYTES;
  const kept = compressed ? compressAnswer(body, 'br') : body;
  answers.set(key, {
    body: kept,
    compressed,
    names: [...record.stored.keys()],
    generations: [...record.stored.values()],
    local: [...record.local],
    epoch,
    until: record.until,
  });
  bytes += kept.length;
  for (const oldest of answers.keys()) {
    if (answers.size <= MAX_ANSWERS && bytes <= MAX_BYTES) break;
    drop(oldest);
  }
}

/** For tests. */
export function keptStaffAnswerCount(): number {
  return answers.size;
}

/** For tests of the reads beneath: the next calls run their operations. */
export function clearStaffAnswers(): void {
  answers.clear();
  bytes = 0;
}
