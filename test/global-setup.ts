import fs from 'node:fs';
import { migratedPgliteImage } from '../lib/db/client';
import { onWorkerDatabases, pgliteImagePath } from './helpers/test-databases';

/** Once per run, before any test file: the databases the files start from (test/helpers/test-databases.ts). */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    await onWorkerDatabases(url, globalConfig.maxWorkers, (name) => [
      `drop database if exists "${name}" with (force)`,
      `create database "${name}"`,
    ]);
    return;
  }
  const file = pgliteImagePath();
  if (fs.existsSync(file)) return;
  const image = Buffer.from(await (await migratedPgliteImage()).arrayBuffer());
  // Written whole, then renamed: a run that stops halfway leaves no half image behind.
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, image);
  fs.renameSync(partial, file);
}
