import type { ResourceDefinition } from '../content/model/define';
import { allResources } from '../content/model/registry';
import { contentTable, type ContentTable } from '../content/model/table';
import * as schema from './schema';

const derived = new Map<string, ContentTable>();

/**
 * A resource's table: its named export of schema.ts (which tests and scripts import by name), or,
 * for a resource with none, the table derived from its definition: adding a resource needs no line
 * in schema.ts.
 */
export function resourceTable(definition: ResourceDefinition): ContentTable {
  const named = (schema as Record<string, unknown>)[definition.name];
  if (named) return named as ContentTable;
  let table = derived.get(definition.name);
  if (!table) derived.set(definition.name, (table = contentTable(definition)));
  return table;
}

/** Every table: schema.ts's exports plus the derived table of each registry resource (what drizzle-kit diffs). */
export function allTables(): Record<string, unknown> {
  return {
    ...schema,
    ...Object.fromEntries(allResources().map((definition) => [definition.name, resourceTable(definition)])),
  };
}
