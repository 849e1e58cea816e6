import type http from 'node:http';
import next from 'next';
import { restoreNodeDate } from './node-date';

/**
 * Next.js's request handler for the application in `dir`, prepared (the build read, or in
 * development the compiler started): what the pipeline hands a request to after its last stage.
 */
export async function nextRequestHandler(options: {
  dev: boolean;
  dir: string;
  hostname?: string;
  port: number;
}): Promise<(request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>> {
  const { dev, dir, hostname, port } = options;
  const app = next({ dev, dir, hostname: hostname ?? 'localhost', port });
  await app.prepare();
  // Next.js's own `Date` serves only cacheComponents, which is off (node-date.ts).
  restoreNodeDate();
  const handle = app.getRequestHandler();
  return (request, response) => handle(request, response);
}
