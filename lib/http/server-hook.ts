import http from 'node:http';
import https from 'node:https';

/**
 * What runs for a request before Next.js sees it. `serve` hands the request on (to the next hook,
 * then Next.js); a hook that answers the request itself does not call it.
 */
export type RequestHook = (request: http.IncomingMessage, response: http.ServerResponse, serve: () => boolean) => boolean;

/**
 * Puts `hook` in front of every HTTP(S) server of the process. Next.js makes its server before our
 * start-up code runs, so the hook goes on the servers' prototype. Installed once per name; the
 * hook installed last runs first.
 */
export function hookRequests(name: string, hook: RequestHook): void {
  const installed = Symbol.for(`gonghui.${name}`);
  for (const prototype of [http.Server.prototype, https.Server.prototype] as (http.Server & { [installed]?: boolean })[]) {
    if (prototype[installed]) continue;
    prototype[installed] = true;
    const emit = prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
    prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
      if (event !== 'request') return emit.call(this, event, ...args);
      const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
      return hook(request, response, () => emit.call(this, event, ...args));
    } as typeof prototype.emit;
  }
}

/**
 * Calls `finish` just before the response's head is sent, with headers given to `writeHead` itself
 * already set on the response, so what `finish` sets or removes has the last word over Next.js. An
 * implicit head (a body written first) goes through `writeHead` too.
 */
export function beforeHead(response: http.ServerResponse, finish: (status: number, response: http.ServerResponse) => void): void {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => http.ServerResponse;
  response.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
    const given = rest.find((arg) => typeof arg === 'object' && arg !== null);
    if (Array.isArray(given)) {
      for (let i = 0; i + 1 < given.length; i += 2) this.setHeader(String(given[i]), given[i + 1] as string);
    } else if (given) {
      for (const [name, value] of Object.entries(given as http.OutgoingHttpHeaders)) if (value !== undefined) this.setHeader(name, value);
    }
    finish(status, this);
    const message = rest.find((arg) => typeof arg === 'string');
    return message === undefined ? writeHead(status) : writeHead(status, message);
  } as typeof response.writeHead;
}
