import type { ResourceDefinition } from '../content/define';
import { hooksFor } from '../content/hooks';
import { allResources } from '../content/registry';
import { traits } from '../content/table';
import { sectionStampRoutes } from '../content/update-times';
import type { RequestContext } from './context';
import * as account from './handlers/account';
import * as resource from './handlers/resource';
import * as upload from './handlers/upload';
import * as websetting from './handlers/websetting';
import { openapi } from './handlers/openapi';

export type Handler = (context: RequestContext, params: string[]) => Promise<Response>;

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below /api/, `:` marks a parameter: `webnews/get/:id`. */
  path: string;
  handler: Handler;
  /** Exempt from the XSRF check (only sign-in, which has no session to protect yet). */
  noXsrf?: boolean;
  /** The resource a route belongs to, for the OpenAPI document. */
  resource?: ResourceDefinition;
  /** One line for the OpenAPI document. */
  summary?: string;
}

/** The generic calls of spec §7 for one resource, all served by the same handlers, plus its own. */
function resourceRoutes(definition: ResourceDefinition): Route[] {
  const name = definition.name;
  const { parents, ordered } = traits(definition);
  const filterPaths = parents.map((_, i) => `${name}/getlist/${parents.slice(0, i + 1).map((__, j) => `:p${j}`).join('/')}`);
  const ownRoutes = [...(definition.sectionStamp ? sectionStampRoutes(definition) : []), ...(hooksFor(name).routes ?? [])];
  const extra = ownRoutes.map((route): Route => ({ ...route, path: `${name}/${route.path}`, resource: definition }));
  const routes: Route[] = [
    ...extra,
    { method: 'POST', path: `${name}/getlist`, handler: (c) => resource.list(c, definition, []) },
    ...filterPaths.map((path): Route => ({ method: 'POST', path, handler: (c, ids) => resource.list(c, definition, ids) })),
    { method: 'GET', path: `${name}/get/:id`, handler: (c, [id]) => resource.get(c, definition, id) },
    { method: 'POST', path: `${name}/add`, handler: (c) => resource.add(c, definition) },
    { method: 'PUT', path: `${name}/update`, handler: (c) => resource.update(c, definition) },
  ];
  if (definition.deletable !== false) {
    routes.push({ method: 'DELETE', path: `${name}/delete/:id`, handler: (c, [id]) => resource.remove(c, definition, id) });
  }
  if (ordered) {
    routes.push({ method: 'PUT', path: `${name}/changeorder/:id/:position`, handler: (c, [id, position]) => resource.changeOrder(c, definition, id, position) });
  }
  if (definition.sectionInPath) {
    // The same calls with the section id in the path (spec §7: the editor's get/{a}/{b}, add/{a}…).
    routes.push(
      { method: 'GET', path: `${name}/get/:section/:id`, handler: (c, [section, id]) => resource.get(c, definition, id, section) },
      { method: 'POST', path: `${name}/add/:section`, handler: (c, [section]) => resource.add(c, definition, section) },
      { method: 'PUT', path: `${name}/update/:section`, handler: (c, [section]) => resource.update(c, definition, section) },
    );
    if (definition.deletable !== false) {
      routes.push({ method: 'DELETE', path: `${name}/delete/:section/:id`, handler: (c, [section, id]) => resource.remove(c, definition, id, section) });
    }
    if (ordered) {
      routes.push({
        method: 'PUT',
        path: `${name}/changeorder/:section/:id/:position`,
        handler: (c, [section, id, position]) => resource.changeOrder(c, definition, id, position, section),
      });
    }
  }
  // A resource's own call replaces the generic one at the same method and path (webcontact/add).
  const own = new Set(extra.map((route) => `${route.method} ${route.path.toLowerCase()}`));
  return routes
    .filter((route, i) => i < extra.length || !own.has(`${route.method} ${route.path.toLowerCase()}`))
    .map((route) => ({ resource: definition, ...route }));
}

export function buildRoutes(): Route[] {
  return [
    { method: 'POST', path: 'account/login', handler: account.login, noXsrf: true },
    { method: 'POST', path: 'account/checklogin', handler: account.checkLogin },
    { method: 'POST', path: 'account/logout', handler: account.logout },
    { method: 'POST', path: 'upload', handler: upload.upload },
    { method: 'GET', path: 'upload/:id', handler: (c, [id]) => upload.uploadDetails(c, id) },
    { method: 'PUT', path: 'upload/:id', handler: (c, [id]) => upload.renameFile(c, id) },
    { method: 'GET', path: 'websetting/webinfo', handler: websetting.getWebInfo },
    { method: 'POST', path: 'websetting/webinfo', handler: websetting.saveWebInfo },
    { method: 'GET', path: 'websetting/visitcount', handler: (c) => websetting.visitCount(c, 'visit') },
    { method: 'GET', path: 'websetting/oldvisitcount', handler: (c) => websetting.visitCount(c, 'old') },
    { method: 'GET', path: 'websetting/accessiblevisitcount', handler: (c) => websetting.visitCount(c, 'accessible') },
    { method: 'GET', path: 'openapi.json', handler: openapi },
    ...allResources().flatMap(resourceRoutes),
  ];
}

/** The path below /api/ as the router sees it: empty segments dropped, each one percent-decoded. */
export function apiSegments(url: URL): string[] {
  return url.pathname
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

interface Match {
  route?: Route;
  params: string[];
  /** The path exists, but not for this method. */
  otherMethods: boolean;
}

export function matchRoute(routes: Route[], method: string, segments: string[]): Match {
  let otherMethods = false;
  for (const route of routes) {
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: string[] = [];
    const matches = pattern.every((part, i) => {
      if (part.startsWith(':')) {
        params.push(segments[i]);
        return true;
      }
      return part === segments[i].toLowerCase();
    });
    if (!matches) continue;
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { route, params, otherMethods };
    otherMethods = true;
  }
  return { params: [], otherMethods };
}
