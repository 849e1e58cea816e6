import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { folderStorage, setUploadStorage, type UploadStorage } from '../../lib/uploads/storage';

/** A real 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Keeps the file's uploads in a temporary folder, removed after its tests; returns the storage. */
export function withUploadFolder(): { storage: UploadStorage } {
  const held = {} as { storage: UploadStorage };
  let folder = '';
  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gonghui-uploads-test-'));
    held.storage = folderStorage(folder);
    setUploadStorage(held.storage);
  });
  afterAll(async () => {
    await fs.rm(folder, { recursive: true, force: true });
  });
  return held;
}
