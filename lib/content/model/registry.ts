import { readByVisitors, type ResourceDefinition } from './define';
import account from '../resources/account';
import webnews from '../resources/webnews';
import webbulletintype from '../resources/webbulletintype';
import webbulletin from '../resources/webbulletin';
import webactivitytype from '../resources/webactivitytype';
import webactivity from '../resources/webactivity';
import websupervisor from '../resources/websupervisor';
import webcommittee from '../resources/webcommittee';
import webmemorabilia from '../resources/webmemorabilia';
import webvision from '../resources/webvision';
import webruleclass from '../resources/webruleclass';
import webrulebusiness from '../resources/webrulebusiness';
import webruleattribute from '../resources/webruleattribute';
import webrule from '../resources/webrule';
import webdisciplinetype from '../resources/webdisciplinetype';
import webdiscipline from '../resources/webdiscipline';
import webmemberdept from '../resources/webmemberdept';
import webmemberdues from '../resources/webmemberdues';
import webareainfo from '../resources/webareainfo';
import webqa from '../resources/webqa';
import webbilingual from '../resources/webbilingual';
import webeducation from '../resources/webeducation';
import webstatics from '../resources/webstatics';
import webtrusttest from '../resources/webtrusttest';
import websystemunit from '../resources/websystemunit';
import websystemunittype from '../resources/websystemunittype';
import websystem from '../resources/websystem';
import webspecialgroup from '../resources/webspecialgroup';
import webspecialgrouptype from '../resources/webspecialgrouptype';
import webspecial from '../resources/webspecial';
import weblinktype from '../resources/weblinktype';
import weblink from '../resources/weblink';
import webcontact from '../resources/webcontact';
import webeditor from '../resources/webeditor';

/**
 * Every resource of the content model. A new resource is one file in resources/ and one line here;
 * within a menu group, the back office lists resources in this order.
 */
export const resources = {
  account,
  webnews,
  webbulletintype,
  webbulletin,
  webactivitytype,
  webactivity,
  websupervisor,
  webcommittee,
  webmemorabilia,
  webvision,
  webruleclass,
  webrulebusiness,
  webruleattribute,
  webrule,
  webdisciplinetype,
  webdiscipline,
  webmemberdept,
  webmemberdues,
  webareainfo,
  webqa,
  webbilingual,
  webeducation,
  webstatics,
  webtrusttest,
  websystemunit,
  websystemunittype,
  websystem,
  webspecialgroup,
  webspecialgrouptype,
  webspecial,
  weblinktype,
  weblink,
  webcontact,
  webeditor,
} satisfies Record<string, ResourceDefinition>;

export type ResourceName = keyof typeof resources;

const byName = new Map<string, ResourceDefinition>(
  Object.values(resources).map((definition) => [definition.name, definition]),
);

/**
 * Adds a resource that is not in the list above, for the rest of the process: a test's fixture
 * resource gets its API, OpenAPI entry, menu entry and table like any other. Modules that build
 * tables of their own from the registry (the API's routes) must be loaded after the call.
 */
export function extendRegistry(definition: ResourceDefinition): void {
  if (byName.has(definition.name)) throw new Error(`Resource ${definition.name} is already registered`);
  byName.set(definition.name, definition);
}

export function findResource(name: string): ResourceDefinition | undefined {
  return byName.get(name);
}

export function allResources(): ResourceDefinition[] {
  return [...byName.values()];
}

/** The resources visitors read (`readByVisitors`): the public site's, whose writes date its footer. */
export function visitorResources(): ResourceDefinition[] {
  return allResources().filter(readByVisitors);
}

/** Resources whose rows point at `name` through a reference field (to refuse deleting a used type). */
export function referencesTo(name: string): { resource: ResourceDefinition; field: string }[] {
  return allResources().flatMap((resource) =>
    Object.entries(resource.fields)
      .filter(([, f]) => f.kind === 'reference' && f.resource === name)
      .map(([key]) => ({ resource, field: key })),
  );
}
