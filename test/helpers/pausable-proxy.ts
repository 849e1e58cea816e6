import net from 'node:net';

/**
 * A TCP proxy that can stop forwarding bytes while keeping every socket open: to both ends it looks
 * like a network that went silent (no reset, no close), the failure only a timeout can notice. What
 * arrives meanwhile is held and sent on resume, as TCP would retransmit it; a side that closed
 * meanwhile is closed on the other side only then.
 */
export interface PausableProxy {
  port: number;
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startPausableProxy(target: { host: string; port: number }): Promise<PausableProxy> {
  let paused = false;
  const pending: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const whenFlowing = (action: () => void) => (paused ? pending.push(action) : action());

  const server = net.createServer((inbound) => {
    const outbound = net.connect(target.port, target.host);
    for (const [from, to] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => whenFlowing(() => to.write(chunk)));
      from.on('end', () => whenFlowing(() => to.end()));
      from.on('error', () => whenFlowing(() => to.destroy()));
      from.on('close', () => {
        sockets.delete(from);
        whenFlowing(() => to.destroy());
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const action of pending.splice(0)) action();
    },
    async close() {
      paused = false;
      pending.length = 0;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
