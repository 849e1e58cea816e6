import 'server-only';
import { and, eq, getTableColumns, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { readsAsMember } from '../../cache/member-scope';
import { previewGrant } from '../../cache/preview-scope';
import type { Database } from '../../db';
import { resourceTable } from '../../db/tables';
import type { WireLanguage } from '../../i18n/languages';
import { EVERYONE } from '../model/audience';
import { traits, type ResourceDefinition } from '../model/define';
import type { Row } from '../model/rows';
import type { ContentTable } from '../model/table';

/**
 * What every query of a resource's rows starts from: its table and columns, the conditions of the
 * read scope, and the transaction a write runs in.
 */

/** What a read may see: one language, and for anonymous readers only public rows. */
export interface ReadScope {
  language: WireLanguage;
  publicOnly: boolean;
  now?: Date;
}

export function tableOf(definition: ResourceDefinition): ContentTable {
  return resourceTable(definition);
}

export function column(table: ContentTable, key: string): PgColumn {
  const c = getTableColumns(table)[key];
  if (!c) throw new Error(`Unknown column ${key}`);
  return c;
}

/** The conditions every read of this resource carries: its language, and the public window. */
export function scopeConditions(definition: ResourceDefinition, scope: ReadScope): SQL[] {
  const table = tableOf(definition);
  const t = traits(definition);
  const now = scope.now ?? new Date();
  const conditions: SQL[] = [];
  if (t.localized) conditions.push(eq(column(table, 'lang'), scope.language));
  const published: SQL[] = [];
  if (scope.publicOnly && t.visibility) published.push(eq(column(table, 'isVisible'), true));
  // Rows for members only are public to a signed-in Member's page request alone (lib/cache/member-scope.ts).
  if (scope.publicOnly && t.audience && !readsAsMember()) published.push(eq(column(table, 'audience'), EVERYONE));
  if (scope.publicOnly && t.window) {
    published.push(lte(column(table, 'publishAt'), now));
    published.push(or(isNull(column(table, 'unpublishAt')), gt(column(table, 'unpublishAt'), now))!);
  }
  // A draft preview also sees its own row, hidden, scheduled or expired (lib/cache/preview-scope.ts).
  const preview = previewGrant();
  if (published.length && preview?.resource === definition.name && preview.language === scope.language) {
    conditions.push(or(and(...published), eq(column(table, 'id'), preview.rowId))!);
  } else conditions.push(...published);
  return conditions;
}

/** A timestamp parameter as PostgreSQL should read it (inside an expression it has no column type to follow). */
export const timestampValue = (value: string | Date) =>
  value instanceof Date ? sql`${value.toISOString()}::timestamptz` : sql`${value}`;

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const dateColumns = new Set(['createdAt', 'updatedAt', 'publishAt', 'unpublishAt']);

/** A stored snapshot (a revision, a trash entry, a pending change) back as a row: date-time columns as Date again. */
export function reviveRow(definition: ResourceDefinition, values: Record<string, unknown>): Row {
  const row: Row = { ...values };
  for (const [key, value] of Object.entries(row)) {
    const isDateTime = dateColumns.has(key) || definition.fields[key]?.kind === 'datetime';
    if (isDateTime && typeof value === 'string') row[key] = new Date(value);
  }
  return row;
}

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Work done in a write's own transaction once the row is stored (a revision, a trash entry). */
export type AfterStore = (tx: Tx, row: Row) => Promise<void>;
/** What runs once for rows stored together, in their transaction (their first revisions). */
export type AfterStoreMany = (tx: Tx, rows: Row[]) => Promise<void>;
