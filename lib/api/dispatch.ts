import { ContentError } from '../content/model/errors';
import { parseWireLanguage, type WireLanguage } from '../i18n/languages';
import { noteApiRequest } from '../observability/api-requests';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/availability';
import { logError } from '../observability/logger';
import { createContext, type RequestContext } from './context';
import { ApiError, fromContentError } from './errors';
import { batch } from './handlers/batch';
import { openapi } from './handlers/openapi';
import { answerOf, json, readJsonObject, wholeAnswerBody, withWholeBody, type ApiRequest } from './http';
import { staffAnswer, staffAnswerKey } from './staff-answers';
import { forbidden } from '../content/model/errors';
import { Role } from '../content/model/roles';
import { allowedBeforeEnrolment, allowedForMembers, apiSegments, buildRoutes, matchRoute, type Route } from './routes';
import { requireEnrolled } from '../content/operations/second-factor-policy';
import { requestCookie } from '../http/cookies';
import { checkXsrf, isSecureRequest, newXsrfToken, XSRF_COOKIE, xsrfCookie } from './xsrf';

let routes: Route[] | undefined;

function allRoutes(): Route[] {
  routes ??= [
    ...buildRoutes(),
    { method: 'GET', path: 'openapi.json', handler: openapi },
    { method: 'POST', path: 'batch', handler: (context) => batch(context, dispatch) },
  ];
  return routes;
}

function errorResponse(caught: unknown, language: WireLanguage, write: boolean): Response {
  const error = caught instanceof ContentError ? fromContentError(caught, language) : caught;
  if (error instanceof ApiError) {
    const body: Record<string, unknown> = { ...error.extra, message: error.messageIn(language) };
    if (error.details) body.errors = error.details;
    return json(body, error.status, error.headers);
  }
  if (error instanceof Error && /shutting down/.test(error.message)) {
    return json({ message: new ApiError(503, 'unavailable').messageIn(language) }, 503, { 'retry-after': '5' });
  }
  // The database away (docs/operations.md, "When the database is away"): nothing was stored, try again.
  if (isDatabaseUnavailable(error)) {
    const key = write ? 'databaseUnavailable' : 'databaseUnavailableRead';
    return json({ message: new ApiError(503, key).messageIn(language) }, 503, {
      'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
  // Anything else is our fault: log it whole, answer without internals.
  logError(error, 'API error');
  return json({ message: new ApiError(500, 'internal').messageIn(language) }, 500);
}

/**
 * The pattern of the route `method` and `url` reach when it is a read (Route.read) that needs no
 * XSRF check or passes it (`xsrfPasses`): an answer to a visitor the server may keep for a moment
 * (lib/server/api-answers.ts). Undefined for anything else.
 */
export function visitorReadRoute(method: string, url: URL, xsrfPasses: boolean): string | undefined {
  const { route } = matchRoute(allRoutes(), method, apiSegments(url));
  if (!route?.read) return undefined;
  if (method !== 'GET' && method !== 'HEAD' && !route.noXsrf && !xsrfPasses) return undefined;
  return route.path;
}

/**
 * Every /api request comes through here: route, XSRF check, who is asking, then either a content
 * operation (its input read from the request, its result sent as JSON) or one of lib/api's own
 * handlers, and the error shape of docs/api.md (Errors). Batch parts re-enter with `inBatch`, the outer
 * request having been checked already. The answer is a whole fetch Response.
 */
export async function dispatch(request: ApiRequest, options: { inBatch?: boolean } = {}): Promise<Response> {
  return withWholeBody(await dispatchWhole(request, options));
}

/**
 * As `dispatch`, but a JSON answer's bytes come beside it (`wholeAnswerBody`), not in its body: the
 * server's API stage sends them as they are (lib/server/api.ts).
 */
export async function dispatchWhole(request: ApiRequest, options: { inBatch?: boolean } = {}): Promise<Response> {
  const language = parseWireLanguage(request.headers.get('web-language'));
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const segments = apiSegments(url);
  let response: Response;
  let route: Route | undefined;
  let context: RequestContext | undefined;
  try {
    const match = matchRoute(allRoutes(), method, segments);
    const { params, otherMethods } = match;
    route = match.route;
    if (!route) {
      throw otherMethods
        ? new ApiError(405, 'methodNotAllowed', { method })
        : new ApiError(404, 'routeNotFound', { method, path: url.pathname });
    }
    if (!options.inBatch && method !== 'GET' && method !== 'HEAD' && !route.noXsrf) checkXsrf(request);
    context = await createContext(request, segments);
    // A Member reaches the member area and their own account as themselves; any other call they
    // make as a visitor would (the site's search, a sign-up, the newsletter), and a staff call is 403.
    if (context.actor.account?.role === Role.Member && !allowedForMembers(route)) {
      context = { ...context, actor: { ...context.actor, account: null, member: context.actor.account } };
    }
    // The second-factor policy: an account that must enrol first reaches only its own security calls.
    if (context.actor.account && !allowedBeforeEnrolment(route)) await requireEnrolled(context.actor);
    if (route.operation) {
      const body = route.body ? await readJsonObject(request) : {};
      const { actor, searchParams } = context;
      const { operation } = route;
      const run = () => operation(actor, { params, query: searchParams, body });
      // A signed-in read: its answer may have been kept (lib/api/staff-answers.ts).
      const key = route.read && !options.inBatch ? staffAnswerKey(actor, method, url, body) : undefined;
      response =
        key === undefined ? answerOf(await run()) : await staffAnswer(key, run, request.headers.get('accept-encoding'));
    } else {
      response = await route.handler(context, params);
    }
  } catch (error) {
    const memberRefused = context?.actor.member && error instanceof ContentError && error.kind === 'unauthorized';
    // In the language the call asked for: `lang` (the search's) when given, else Web-Language.
    const asked = url.searchParams.get('lang');
    const answerLanguage = asked === 'tw' || asked === 'en' ? asked : language;
    const write = method !== 'GET' && method !== 'HEAD' && !route?.read;
    response = errorResponse(memberRefused ? forbidden() : error, answerLanguage, write);
  }
  if (!options.inBatch)
    noteApiRequest(route?.path, context?.actor.account?.id, response.status, wholeAnswerBody(response));
  if (!options.inBatch && !requestCookie(request, XSRF_COOKIE)) {
    response.headers.append('set-cookie', xsrfCookie(newXsrfToken(), isSecureRequest(request)));
  }
  return response;
}
