import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDb } from '../lib/db';
import { readBackup, writeBackup } from '../lib/db/backup';
import { uploadChunks, uploads } from '../lib/db/schema';
import { moveUploads } from '../lib/uploads';
import { databaseStorage, folderStorage, UPLOAD_CHUNK_BYTES, type UploadStorage } from '../lib/uploads/storage';
import { withDatabase } from './helpers/database';

const { connection } = withDatabase();

/** A file of 2½ pieces, so every path crosses a piece boundary and ends inside one. */
const LARGE = randomBytes(UPLOAD_CHUNK_BYTES * 2 + UPLOAD_CHUNK_BYTES / 2);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<{ bytes: Buffer; pieces: number }> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return { bytes: Buffer.concat(chunks), pieces: chunks.length };
}

const temporaryFolder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-storage-'));

describe.each([
  ['database', () => databaseStorage()],
  ['folder', () => folderStorage(temporaryFolder())],
] as [string, () => UploadStorage][])('the %s upload storage', (_name, make) => {
  const storage = make();

  test('keeps a file byte for byte: whole, or streamed piece by piece', async () => {
    const id = randomUUID();
    await storage.put(id, LARGE);
    expect(Buffer.from((await storage.get(id))!).equals(LARGE)).toBe(true);
    const { bytes } = await readAll((await storage.stream(id))!);
    expect(bytes.equals(LARGE)).toBe(true);
  });

  test('an unknown id is null, and a removed file is gone', async () => {
    const id = randomUUID();
    expect(await storage.get(id)).toBeNull();
    expect(await storage.stream(id)).toBeNull();
    await storage.put(id, Buffer.from('short'));
    await storage.remove(id);
    expect(await storage.get(id)).toBeNull();
  });

  test('writing an id again replaces its bytes', async () => {
    const id = randomUUID();
    await storage.put(id, LARGE);
    await storage.put(id, Buffer.from('smaller now'));
    expect(Buffer.from((await storage.get(id))!).toString()).toBe('smaller now');
  });
});

describe('uploads in the database', () => {
  test('are stored in pieces of at most UPLOAD_CHUNK_BYTES and served one piece at a time', async () => {
    const storage = databaseStorage();
    const id = randomUUID();
    await storage.put(id, LARGE);
    const db = await getDb();
    const { eq } = await import('drizzle-orm');
    const pieces = await db
      .select({ seq: uploadChunks.seq })
      .from(uploadChunks)
      .where(eq(uploadChunks.uploadId, id))
      .orderBy(uploadChunks.seq);
    expect(pieces.map((p) => p.seq)).toEqual([0, 1, 2]);
    const streamed = await readAll((await storage.stream(id))!);
    expect(streamed.pieces).toBe(3);
  });

  test('a backup holds their bytes, and a restore brings them back', async () => {
    const storage = databaseStorage();
    const id = randomUUID();
    await storage.put(id, LARGE);
    const file = path.join(temporaryFolder(), 'with-files.jsonl.gz');
    await writeBackup(connection(), file);
    await storage.remove(id);
    expect(await storage.get(id)).toBeNull();
    await readBackup(connection(), file);
    expect(Buffer.from((await storage.get(id))!).equals(LARGE)).toBe(true);
  });

  test('move between the two storages, checked, and again without harm', async () => {
    const db = await getDb();
    const folder = folderStorage(temporaryFolder());
    const database = databaseStorage();
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) {
      await folder.put(id, LARGE);
      await db.insert(uploads).values({ id, name: `${id}.bin`, type: 'application/pdf', size: LARGE.byteLength });
    }
    const first = await moveUploads(folder, database);
    expect(first.moved).toBeGreaterThanOrEqual(2);
    for (const id of ids) {
      expect(await folder.get(id)).toBeNull();
      expect(Buffer.from((await database.get(id))!).equals(LARGE)).toBe(true);
    }
    const again = await moveUploads(folder, database);
    expect(again.moved).toBe(0);
    expect(again.already).toBeGreaterThanOrEqual(2);
    const back = await moveUploads(database, folder);
    expect(back.moved).toBeGreaterThanOrEqual(2);
    for (const id of ids) expect(Buffer.from((await folder.get(id))!).equals(LARGE)).toBe(true);
  });
});
