import type { ResourceDefinition } from './define';
import account from './resources/account';
import webnews from './resources/webnews';
import webbulletintype from './resources/webbulletintype';
import webbulletin from './resources/webbulletin';
import webactivitytype from './resources/webactivitytype';
import webactivity from './resources/webactivity';
import webqa from './resources/webqa';
import webmemberdept from './resources/webmemberdept';
import websupervisor from './resources/websupervisor';
import webcommittee from './resources/webcommittee';
import webmemorabilia from './resources/webmemorabilia';
import webvision from './resources/webvision';
import webdisciplinetype from './resources/webdisciplinetype';
import webdiscipline from './resources/webdiscipline';
import webruleclass from './resources/webruleclass';
import webrulebusiness from './resources/webrulebusiness';
import webruleattribute from './resources/webruleattribute';
import webrule from './resources/webrule';
import webeducation from './resources/webeducation';
import webstatics from './resources/webstatics';
import webbilingual from './resources/webbilingual';
import weblinktype from './resources/weblinktype';
import weblink from './resources/weblink';
import webtrusttest from './resources/webtrusttest';
import websystemunit from './resources/websystemunit';
import websystemunittype from './resources/websystemunittype';
import websystem from './resources/websystem';
import webspecialgroup from './resources/webspecialgroup';
import webspecialgrouptype from './resources/webspecialgrouptype';
import webspecial from './resources/webspecial';
import webareainfo from './resources/webareainfo';
import webeditor from './resources/webeditor';
import webcontact from './resources/webcontact';

/** Every resource of the content model. A new resource is one file in resources/ and one line here. */
export const resources = {
  account,
  webnews,
  webbulletintype,
  webbulletin,
  webactivitytype,
  webactivity,
  webqa,
  webmemberdept,
  websupervisor,
  webcommittee,
  webmemorabilia,
  webvision,
  webdisciplinetype,
  webdiscipline,
  webruleclass,
  webrulebusiness,
  webruleattribute,
  webrule,
  webeducation,
  webstatics,
  webbilingual,
  weblinktype,
  weblink,
  webtrusttest,
  websystemunit,
  websystemunittype,
  websystem,
  webspecialgroup,
  webspecialgrouptype,
  webspecial,
  webareainfo,
  webeditor,
  webcontact,
} satisfies Record<string, ResourceDefinition>;

export type ResourceName = keyof typeof resources;

const byName: ReadonlyMap<string, ResourceDefinition> = new Map(
  Object.values(resources).map((definition) => [definition.name, definition]),
);

export function findResource(name: string): ResourceDefinition | undefined {
  return byName.get(name);
}

export function allResources(): ResourceDefinition[] {
  return [...byName.values()];
}

/** Resources whose rows point at `name` through a reference field (to refuse deleting a used type). */
export function referencesTo(name: string): { resource: ResourceDefinition; field: string }[] {
  return allResources().flatMap((resource) =>
    Object.entries(resource.fields)
      .filter(([, f]) => f.kind === 'reference' && f.resource === name)
      .map(([key]) => ({ resource, field: key })),
  );
}
