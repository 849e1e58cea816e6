/**
 * The "last updated" dates of the `getupdatetime` calls (docs/decisions.md): either a stamp the back
 * office sets on a section (supervisors' boards, committees), or the latest change among rows.
 */
import 'server-only';
import { and, eq, max, type SQL } from 'drizzle-orm';
import { config } from '../../config';
import { invalidate } from '../../cache/public-reads';
import { getDb } from '../../db';
import { sectionUpdateTimes } from '../../db/schema';
import type { WireLanguage } from '../../i18n/languages';
import { readScopeOf, requireAccess } from '../model/actor';
import { traits, type ResourceCall, type ResourceDefinition } from '../model/define';
import { column, scopeConditions, tableOf, type ReadScope } from './content-tables';
import { toWireDateTime } from '../model/wire-dates';
import { choiceFromPath } from '../model/list-request';

/** A date as the API sends it, or null when there is none yet. */
const wireDateOrNull = (date: Date | null): string | null =>
  date ? toWireDateTime(date, config().siteTimeZone) : null;

/**
 * The section id of a path such as `getupdatetime/{id}`, checked against the list of the resource's
 * first parent (a section field). Unlike getlist, 0 is not "all" here: a date or an option list
 * belongs to one section, so anything not in the list is the caller's mistake (400).
 */
export function sectionFromPath(definition: ResourceDefinition, language: WireLanguage, raw: string): number {
  const f = definition.fields[traits(definition).parents[0]];
  if (f?.kind !== 'choice') throw new Error(`${definition.name} has no section field`);
  return choiceFromPath(f, language, raw);
}

/** Filters on the resource's first parent, for the section-scoped reads below. */
export function sectionFilter(definition: ResourceDefinition, section: number): Record<string, number> {
  return { [traits(definition).parents[0]]: section };
}

/** The filter of an optional `:section` path parameter: none (every section) when the path has none. */
export function pathSectionFilter(
  definition: ResourceDefinition,
  language: WireLanguage,
  raw: string | undefined,
): Record<string, number> {
  return raw === undefined ? {} : sectionFilter(definition, sectionFromPath(definition, language, raw));
}

/** Sets a section's "last updated" time (one row per resource, section and language) and returns it. */
export async function stampSection(
  definition: ResourceDefinition,
  section: number,
  language: WireLanguage,
  at = new Date(),
): Promise<Date> {
  const db = await getDb();
  // One upsert, so two editors marking the same section at once never collide on the key.
  const [row] = await db
    .insert(sectionUpdateTimes)
    .values({ resource: definition.name, section, lang: language, updatedAt: at })
    .onConflictDoUpdate({
      target: [sectionUpdateTimes.resource, sectionUpdateTimes.section, sectionUpdateTimes.lang],
      set: { updatedAt: at },
    })
    .returning({ updatedAt: sectionUpdateTimes.updatedAt });
  // Public pages show the stamp beside the section's rows.
  await invalidate(definition.name);
  return row.updatedAt;
}

/** The stamp set by stampSection, or null if the section was never marked in this language. */
export async function sectionStamp(
  definition: ResourceDefinition,
  section: number,
  language: WireLanguage,
): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ updatedAt: sectionUpdateTimes.updatedAt })
    .from(sectionUpdateTimes)
    .where(
      and(
        eq(sectionUpdateTimes.resource, definition.name),
        eq(sectionUpdateTimes.section, section),
        eq(sectionUpdateTimes.lang, language),
      ),
    )
    .limit(1);
  return row?.updatedAt ?? null;
}

/** Conditions of a read: the scope's language and visibility, plus equality filters. */
export function readConditions(
  definition: ResourceDefinition,
  scope: ReadScope,
  filters: Record<string, unknown> = {},
): SQL[] {
  const table = tableOf(definition);
  return [
    ...scopeConditions(definition, scope),
    ...Object.entries(filters).map(([key, value]) => eq(column(table, key), value)),
  ];
}

/**
 * The latest `updatedAt` among the rows a scope sees, or null if there are none. A deleted row
 * leaves no trace, so deleting alone does not move this date.
 */
export async function latestChange(
  definition: ResourceDefinition,
  scope: ReadScope,
  filters: Record<string, unknown> = {},
): Promise<Date | null> {
  const db = await getDb();
  const table = tableOf(definition);
  const [row] = await db
    .select({ latest: max(column(table, 'updatedAt')) })
    .from(table)
    .where(and(...readConditions(definition, scope, filters)));
  const latest = row?.latest;
  return latest instanceof Date || typeof latest === 'string' ? new Date(latest) : null;
}

/**
 * `changeupdatetime/{section}` (content writers mark a section as updated now) and
 * `getupdatetime/{section}` (anyone reads the mark) in the actor's language, as the supervisors'
 * boards and the committees have them. Access is checked before the section, so an anonymous
 * write is refused as such whatever its path.
 */
export function sectionStampCalls(definition: ResourceDefinition): ResourceCall[] {
  return [
    {
      method: 'POST',
      path: 'changeupdatetime/:section',
      operation: async (actor, { params: [raw] }) => {
        requireAccess(actor, traits(definition).write);
        const section = sectionFromPath(definition, actor.language, raw);
        return { date: wireDateOrNull(await stampSection(definition, section, actor.language)) };
      },
    },
    {
      method: 'GET',
      path: 'getupdatetime/:section',
      operation: async (actor, { params: [raw] }) => {
        requireAccess(actor, traits(definition).read);
        const section = sectionFromPath(definition, actor.language, raw);
        return { date: wireDateOrNull(await sectionStamp(definition, section, actor.language)) };
      },
    },
  ];
}

/**
 * `getupdatetime` (or `getupdatetime/:section` when `path` names one): the latest change among the
 * rows the public page shows, so only public rows count, whoever asks.
 */
export function latestChangeCall(definition: ResourceDefinition, path: string): ResourceCall {
  return {
    method: 'GET',
    path,
    operation: async (actor, { params: [raw] }) => {
      requireAccess(actor, 'public');
      const filters = pathSectionFilter(definition, actor.language, raw);
      return {
        date: wireDateOrNull(await latestChange(definition, { ...readScopeOf(actor), publicOnly: true }, filters)),
      };
    },
  };
}
