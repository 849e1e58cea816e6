import 'server-only';
import type { ResourceCall, ResourceDefinition } from '../model/define';
import type { ResourceEndpoints } from './define';
import webactivity from './webactivity';
import webareainfo from './webareainfo';
import webbilingual from './webbilingual';
import webcontact from './webcontact';
import webdiscipline from './webdiscipline';
import webeducation from './webeducation';
import webmemorabilia from './webmemorabilia';
import webrule from './webrule';
import webstatics from './webstatics';
import webvision from './webvision';

/**
 * Every resource's own calls. Each entry was made by `defineEndpoints(definition, …)`, so it is
 * keyed by the definition's own name; a resource with no entry has only the generic calls.
 */
const registered: readonly ResourceEndpoints[] = [
  webactivity,
  webareainfo,
  webbilingual,
  webcontact,
  webdiscipline,
  webeducation,
  webmemorabilia,
  webrule,
  webstatics,
  webvision,
];

const byName = new Map(registered.map((endpoints) => [endpoints.definition.name, endpoints.calls]));

export function endpointsFor(definition: ResourceDefinition): readonly ResourceCall[] {
  return byName.get(definition.name) ?? [];
}
