/**
 * npm run uploads:variants: makes the sized copies (widths, formats, the sharing crop) of every
 * stored image that lacks them, for a site upgraded with content in place (docs/operations.md).
 * Idempotent: run it again after an interruption and it makes only what is missing. The servers may
 * stay up (with PostgreSQL; PGlite must be stopped first): they make missing copies on request too.
 */
import { makeMissingVariants } from '../lib/uploads';
import { closeDatabase, connect } from '../lib/db';

async function main() {
  await connect();
  const started = Date.now();
  const result = await makeMissingVariants(({ index, total, name, made, failed }) => {
    const what = failed ? `failed: ${failed}` : made ? `${made} copies made` : 'complete already';
    console.log(`[${index}/${total}] ${name}: ${what}`);
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${result.images} images, ${result.made} copies made in ${seconds} s${result.failed ? `, ${result.failed} failed` : ''}.`,
  );
  if (result.failed) process.exitCode = 1;
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
