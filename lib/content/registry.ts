import type { ResourceDefinition } from './define';
import account from './resources/account';
import webnews from './resources/webnews';
import webbulletintype from './resources/webbulletintype';
import webbulletin from './resources/webbulletin';

/** Every resource of the content model. A new resource is one file in resources/ and one line here. */
export const resources = {
  account,
  webnews,
  webbulletintype,
  webbulletin,
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
