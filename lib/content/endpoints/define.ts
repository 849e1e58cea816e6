import 'server-only';
import type { ResourceCall, ResourceDefinition } from '../model/define';

/** A resource's own calls (beyond the generic ones), served at `/api/{resource}/{path}`. */
export interface ResourceEndpoints {
  definition: ResourceDefinition;
  calls: readonly ResourceCall[];
}

/** Calls attached to a definition (not to a name, which could be misspelt), listed in ./index.ts. */
export function defineEndpoints(definition: ResourceDefinition, calls: readonly ResourceCall[]): ResourceEndpoints {
  return { definition, calls };
}
