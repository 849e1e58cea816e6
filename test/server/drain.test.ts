import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { drain } from '../../lib/server/drain';
import { pipeline } from '../../lib/server/pipeline';

/** A server with the drain stage in front of a handler that answers `/slow` after `slowMs`. */
async function drainedServer(slowMs = 1_500) {
  const draining = drain();
  const server = http.createServer(
    pipeline([draining.stage], (request, response) => {
      setTimeout(() => response.end('done'), request.url === '/slow' ? slowMs : 0);
    }),
  );
  draining.onStop(server, { dev: true });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { draining, server, port: (server.address() as AddressInfo).port };
}

const closed = (socket: net.Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));

test('a drain answers the request in flight, with Connection: close, before the server closes', async () => {
  const { draining, server, port } = await drainedServer();
  const answer = new Promise<{ status?: number; connection?: string; body: string }>((resolve, reject) => {
    http
      .get({ port, host: '127.0.0.1', path: '/slow' }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, connection: response.headers.connection, body }),
        );
      })
      .on('error', reject);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const stopped = draining.start(server, 0);
  expect(await answer).toEqual({ status: 200, connection: 'close', body: 'done' });
  await stopped;
  expect(server.listening).toBe(false);
});

test('a connection that never finished sending a request does not hold the drain', async () => {
  const { draining, server, port } = await drainedServer();
  const silent = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => silent.once('connect', resolve));
  silent.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  const gone = closed(silent);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const started = Date.now();
  await draining.start(server, 0);
  await gone;
  // Well within the 65 s header timeout that would otherwise end it.
  expect(Date.now() - started).toBeLessThan(5_000);
});
