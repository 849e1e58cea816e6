import type http from 'node:http';
import { logError } from '../observability/logger';
import { refuseWithServerError } from './request-gate';
import type { Exchange, Stage } from './stage';

export type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => Promise<void> | void;

function pathOf(url: string | undefined): string {
  const query = (url ?? '/').indexOf('?');
  return query === -1 ? (url ?? '/') : (url ?? '/').slice(0, query);
}

/**
 * The request listener that runs `stages` in order, then `last`. A stage that throws is logged and
 * the request answered 500 in its language (if nothing was sent yet), never a crashed process.
 */
export function pipeline(stages: readonly Stage[], last: Handler): http.RequestListener {
  return (request, response) => {
    const exchange: Exchange = { request, response, path: pathOf(request.url) };
    const run = async (index: number): Promise<void> => {
      const stage = stages[index];
      if (!stage) return last(request, response);
      return stage(exchange, () => run(index + 1));
    };
    run(0).catch((error) => {
      logError(error, 'request pipeline');
      if (response.headersSent) {
        response.destroy();
        return;
      }
      refuseWithServerError(request, response);
    });
  };
}
