import 'server-only';
import { and, isNotNull, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { readScopeOf, requireAccess } from '../model/actor';
import type { ResourceCall, ResourceDefinition } from '../model/define';
import { column, tableOf, type ReadScope } from './content-tables';
import { pathSectionFilter, readConditions } from './update-times';

/** The year of a field as SQL: the value of a year field, or the year part of a calendar date. */
function yearOf(definition: ResourceDefinition, key: string): SQL<number> {
  const f = definition.fields[key];
  const c = column(tableOf(definition), key);
  if (f?.kind === 'integer') return sql<number>`${c}`;
  if (f?.kind === 'date') return sql<number>`extract(year from ${c})::int`;
  throw new Error(`${definition.name}.${key} holds no year`);
}

/**
 * The distinct years of a field among the rows a scope sees, newest first: the year pickers of
 * the `getoptions` calls (milestones, statistics).
 */
export async function distinctYears(
  definition: ResourceDefinition,
  key: string,
  scope: ReadScope,
  filters: Record<string, unknown> = {},
): Promise<number[]> {
  const db = await getDb();
  const year = yearOf(definition, key);
  const rows = await db
    .selectDistinct({ year })
    .from(tableOf(definition))
    .where(and(isNotNull(column(tableOf(definition), key)), ...readConditions(definition, scope, filters)));
  // A handful of years: sorting them here keeps the query free of DISTINCT/ORDER BY pairing rules.
  return rows.map((row) => Number(row.year)).sort((a, b) => b - a);
}

/**
 * `getoptions` (or `getoptions/:section` when `path` names one): the years of `key` a caller's
 * picker offers, among the rows this caller may see.
 */
export function yearOptionsCall(definition: ResourceDefinition, key: string, path: string): ResourceCall {
  return {
    method: 'GET',
    path,
    operation: async (actor, { params: [raw] }) => {
      requireAccess(actor, 'public');
      return distinctYears(definition, key, readScopeOf(actor), pathSectionFilter(definition, actor.language, raw));
    },
  };
}
