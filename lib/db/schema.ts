/**
 * The database schema. Content tables are derived from the registry (lib/content); the tables
 * below them hold what is not content: sign-in sessions, uploads and rate-limit windows.
 * drizzle-kit reads this file to generate migrations, so each table is a named export.
 */
import { index, integer, pgTable, primaryKey, text, timestamp, varchar, bigint } from 'drizzle-orm/pg-core';
import { contentTable } from '../content/table';
import { resources } from '../content/registry';

export const account = contentTable(resources.account);
export const webnews = contentTable(resources.webnews);
export const webbulletintype = contentTable(resources.webbulletintype);
export const webbulletin = contentTable(resources.webbulletin);

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Sign-in tokens, stored as SHA-256 hashes; a token expires after 8 idle hours. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    accountId: integer('account_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

/** Uploaded files: the bytes live in the storage folder under `id`, the metadata here. */
export const uploads = pgTable('uploads', {
  id: varchar('id', { length: 36 }).primaryKey(),
  name: text('name').notNull(),
  type: varchar('type', { length: 127 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
});

/** Fixed-window rate limits (sign-in, contact form), shared by every app server. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: varchar('bucket', { length: 32 }).notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    windowStart: timestamptz('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);
