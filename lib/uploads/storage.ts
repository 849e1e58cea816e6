import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { config } from '../config';
import { getDb, type Database } from '../db';
import { uploadChunks } from '../db/schema';

/**
 * Where uploaded bytes live (UPLOAD_STORAGE): in the database, where every app server sees them and
 * backups hold them (the default on PostgreSQL), or under $DATA_DIR/uploads (the default on the
 * embedded database). `scripts/move-uploads.ts` moves them from one to the other.
 */
/** What writes the bytes, when it must be a transaction already open (the demo content's seed). */
type StorageWriter = Pick<Database, 'delete' | 'insert'>;

export interface UploadStorage {
  put(id: string, bytes: Uint8Array, writer?: StorageWriter): Promise<void>;
  /** The whole file (image sizes, the move between storages), or null. */
  get(id: string): Promise<Uint8Array | null>;
  /** The file piece by piece, for serving it without holding it whole, or null. */
  stream(id: string): Promise<ReadableStream<Uint8Array> | null>;
  remove(id: string): Promise<void>;
}

export function folderStorage(folder: string): UploadStorage {
  // Ids are UUIDs, checked before they reach here; two levels of folders keep directories small.
  const file = (id: string) => path.join(folder, id.slice(0, 2), id);
  // Not `instanceof Error`: errors of another realm (a test's VM context) are errors all the same.
  const missing = (error: unknown) =>
    typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
  return {
    async put(id, bytes) {
      await fs.mkdir(path.dirname(file(id)), { recursive: true });
      const temporary = `${file(id)}.part`;
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, file(id));
    },
    async get(id) {
      try {
        return await fs.readFile(file(id));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async stream(id) {
      try {
        const handle = await fs.open(file(id));
        return Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(id) {
      await fs.rm(file(id), { force: true });
    },
  };
}

/** The size of one stored piece: big enough for few rows, small enough to hold a few at once. */
export const UPLOAD_CHUNK_BYTES = 512 * 1024;

export function databaseStorage(database: () => Promise<Database> = getDb): UploadStorage {
  const piece = async (id: string, seq: number) => {
    const db = await database();
    const [row] = await db
      .select({ bytes: uploadChunks.bytes })
      .from(uploadChunks)
      .where(and(eq(uploadChunks.uploadId, id), eq(uploadChunks.seq, seq)));
    return row ? new Uint8Array(row.bytes) : null;
  };
  return {
    async put(id, bytes, writer) {
      const write = async (tx: StorageWriter) => {
        await tx.delete(uploadChunks).where(eq(uploadChunks.uploadId, id));
        // One statement per piece: no statement carries the whole file.
        for (let seq = 0, offset = 0; offset < bytes.byteLength || seq === 0; seq++, offset += UPLOAD_CHUNK_BYTES) {
          const chunk = Buffer.from(
            bytes.buffer,
            bytes.byteOffset + offset,
            Math.min(UPLOAD_CHUNK_BYTES, bytes.byteLength - offset),
          );
          await tx.insert(uploadChunks).values({ uploadId: id, seq, bytes: chunk });
        }
      };
      if (writer) await write(writer);
      else await (await database()).transaction(write);
    },
    async get(id) {
      const db = await database();
      const rows = await db
        .select({ bytes: uploadChunks.bytes })
        .from(uploadChunks)
        .where(eq(uploadChunks.uploadId, id))
        .orderBy(asc(uploadChunks.seq));
      return rows.length ? Buffer.concat(rows.map((row) => row.bytes)) : null;
    },
    async stream(id) {
      const first = await piece(id, 0);
      if (!first) return null;
      let seq = 0;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = seq === 0 ? first : await piece(id, seq);
          seq++;
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
    },
    async remove(id) {
      const db = await database();
      await db.delete(uploadChunks).where(eq(uploadChunks.uploadId, id));
    },
  };
}

/** The storage UPLOAD_STORAGE names. */
export function configuredStorage(kind = config().uploadStorage): UploadStorage {
  return kind === 'database' ? databaseStorage() : folderStorage(path.join(config().dataDir, 'uploads'));
}

let storage: UploadStorage | undefined;

export function uploadStorage(): UploadStorage {
  storage ??= configuredStorage();
  return storage;
}

export function setUploadStorage(next: UploadStorage): void {
  storage = next;
}
