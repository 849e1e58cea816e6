import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import { defaultSortOf, traits, type ResourceDefinition } from './define';
import { EVERYONE } from './audience';
import type { Field } from './fields';

const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

function columnFor(key: string, f: Field): PgColumnBuilderBase | undefined {
  const name = snakeCase(key);
  switch (f.kind) {
    case 'text':
    case 'longtext':
    case 'richtext':
    case 'image':
      return text(name);
    case 'password':
      return undefined; // virtual: hashed into another column by the resource's hooks
    case 'integer':
      return f.defaultValue === undefined ? integer(name) : integer(name).notNull().default(f.defaultValue);
    case 'reference':
      return integer(name);
    case 'choice':
      return integer(name).notNull().default(f.defaultValue);
    case 'boolean':
      return boolean(name).notNull().default(f.defaultValue);
    case 'datetime':
      return timestamptz(name);
    case 'date':
      return date(name, { mode: 'string' });
    case 'files':
      return jsonb(name)
        .$type<string[]>()
        .notNull()
        .default(sql`'[]'::jsonb`);
  }
}

/**
 * Builds the Drizzle table of a resource: the common columns (docs/architecture.md, The content registry) plus one
 * column per stored field, with the indexes its lists and filters need.
 */
export function contentTable(definition: ResourceDefinition) {
  const t = traits(definition);
  const columns: Record<string, PgColumnBuilderBase> = {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  };
  if (t.localized) {
    columns.lang = varchar('lang', { length: 2 }).notNull();
    columns.translationId = integer('translation_id');
    // Its counterpart's content changed after this row was last saved (docs/back-office.md, Translations).
    columns.translationStale = boolean('translation_stale').notNull().default(false);
  }
  if (t.visibility) columns.isVisible = boolean('is_visible').notNull().default(true);
  if (t.audience) columns.audience = varchar('audience', { length: 10 }).notNull().default(EVERYONE);
  if (t.ordered) columns.order = integer('order').notNull().default(0);
  if (t.window) {
    columns.publishAt = timestamptz('publish_at').notNull().defaultNow();
    columns.unpublishAt = timestamptz('unpublish_at');
  }
  for (const [key, f] of Object.entries(definition.fields)) {
    const column = columnFor(key, f);
    if (column) columns[key] = column;
  }
  columns.createdAt = timestamptz('created_at').notNull().defaultNow();
  columns.updatedAt = timestamptz('updated_at').notNull().defaultNow();
  columns.updatedBy = integer('updated_by');
  // Raised by one with every write to the row: a save that names an older one is refused (a stale form).
  columns.version = integer('version').notNull().default(1);

  return pgTable(definition.name, columns, (table) => {
    const col = (key: string) => table[key];
    const listKeys = [
      ...(t.localized ? ['lang'] : []),
      ...t.parents,
      ...defaultSortOf(definition).map((s) => s.field),
    ].filter((key, i, all) => all.indexOf(key) === i && key !== 'id');
    const indexes = [];
    if (listKeys.length) {
      const [first, ...rest] = listKeys.map(col);
      indexes.push(index(`${definition.name}_list_idx`).on(first, ...rest, col('id')));
    }
    if (t.window) {
      indexes.push(index(`${definition.name}_window_idx`).on(col('lang'), col('isVisible'), col('publishAt')));
    }
    for (const [key, f] of Object.entries(definition.fields)) {
      if (f.kind === 'reference' && !t.parents.includes(key)) {
        indexes.push(index(`${definition.name}_${snakeCase(key)}_idx`).on(col(key)));
      }
      if (f.unique) {
        indexes.push(uniqueIndex(`${definition.name}_${snakeCase(key)}_unique`).on(sql`lower(${col(key)})`));
      }
    }
    if (definition.uniqueTogether?.length) {
      const [first, ...rest] = definition.uniqueTogether.map(col);
      const name = definition.uniqueTogether.map(snakeCase).join('_');
      indexes.push(uniqueIndex(`${definition.name}_${name}_unique`).on(first, ...rest));
    }
    return indexes;
  });
}

export type ContentTable = ReturnType<typeof contentTable>;
