import fs from 'node:fs/promises';
import path from 'node:path';
import { config } from '../config';

/**
 * Where uploaded bytes live. The default keeps them under $DATA_DIR/uploads; an object store
 * (S3-compatible) can implement the same three calls when several app servers share the files.
 */
export interface UploadStorage {
  put(id: string, bytes: Uint8Array): Promise<void>;
  get(id: string): Promise<Uint8Array | null>;
  remove(id: string): Promise<void>;
}

export function folderStorage(folder: string): UploadStorage {
  // Ids are UUIDs, checked before they reach here; two levels of folders keep directories small.
  const file = (id: string) => path.join(folder, id.slice(0, 2), id);
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
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(id) {
      await fs.rm(file(id), { force: true });
    },
  };
}

let storage: UploadStorage | undefined;

export function uploadStorage(): UploadStorage {
  storage ??= folderStorage(path.join(config().dataDir, 'uploads'));
  return storage;
}

export function setUploadStorage(next: UploadStorage): void {
  storage = next;
}
