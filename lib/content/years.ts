import { and, isNotNull, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../db';
import type { ResourceDefinition } from './define';
import { column, tableOf, type ReadScope } from './repository';
import { readConditions } from './update-times';

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
 * spec §7's getoptions calls (milestones, statistics).
 */
export async function distinctYears(definition: ResourceDefinition, key: string, scope: ReadScope, filters: Record<string, unknown> = {}): Promise<number[]> {
  const db = await getDb();
  const year = yearOf(definition, key);
  const rows = await db
    .selectDistinct({ year })
    .from(tableOf(definition))
    .where(and(isNotNull(column(tableOf(definition), key)), ...readConditions(definition, scope, filters)));
  // A handful of years: sorting them here keeps the query free of DISTINCT/ORDER BY pairing rules.
  return rows.map((row) => Number(row.year)).sort((a, b) => b - a);
}
