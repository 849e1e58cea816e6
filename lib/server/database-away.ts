import type { Stage } from './stage';

/**
 * A page, feed or file that failed while the database is away (lib/db/availability.ts), or that met
 * an outage which ended while it was under way, is answered 503 with Retry-After instead of 500
 * (lib/server/final-head.ts): the server is fine and the request may be sent again in a moment;
 * caches keep nothing of it (lib/server/error-pages.ts sends the framed page as its body). The API
 * says so itself, in the request's language (lib/api/dispatch.ts).
 */
export const databaseAwayAnswers: Stage = (exchange, next) => {
  exchange.databaseAwayWatchedFrom = Date.now();
  return next();
};
