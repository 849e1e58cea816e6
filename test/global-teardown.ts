import { onWorkerDatabases } from './helpers/test-databases';

/** After the run: the workers' PostgreSQL databases go (the PGlite image stays for the next run). */
export default async function globalTeardown(globalConfig: { maxWorkers: number }): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url)
    await onWorkerDatabases(url, globalConfig.maxWorkers, (name) => [`drop database if exists "${name}" with (force)`]);
}
