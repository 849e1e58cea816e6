/**
 * The database schema. Content tables are derived from the registry (lib/content); the tables
 * below them hold what is not content: sign-in sessions, uploads and rate-limit windows.
 * A content table needs no line here (lib/db/tables.ts derives it); the named ones are for the
 * tests and scripts that import them. drizzle-kit reads every table through lib/db/kit-schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { contentTable } from '../content/model/table';
import { resources } from '../content/model/registry';

export const account = contentTable(resources.account);
export const webnews = contentTable(resources.webnews);
export const webbulletintype = contentTable(resources.webbulletintype);
export const webbulletin = contentTable(resources.webbulletin);
export const webactivitytype = contentTable(resources.webactivitytype);
export const webactivity = contentTable(resources.webactivity);
export const webqa = contentTable(resources.webqa);
export const webmemberdept = contentTable(resources.webmemberdept);
export const webmemberdues = contentTable(resources.webmemberdues);
export const websupervisor = contentTable(resources.websupervisor);
export const webcommittee = contentTable(resources.webcommittee);
export const webmemorabilia = contentTable(resources.webmemorabilia);
export const webvision = contentTable(resources.webvision);
export const webdisciplinetype = contentTable(resources.webdisciplinetype);
export const webdiscipline = contentTable(resources.webdiscipline);
export const webruleclass = contentTable(resources.webruleclass);
export const webrulebusiness = contentTable(resources.webrulebusiness);
export const webruleattribute = contentTable(resources.webruleattribute);
export const webrule = contentTable(resources.webrule);
export const webeducation = contentTable(resources.webeducation);
export const webstatics = contentTable(resources.webstatics);
export const webbilingual = contentTable(resources.webbilingual);
export const weblinktype = contentTable(resources.weblinktype);
export const weblink = contentTable(resources.weblink);
export const webtrusttest = contentTable(resources.webtrusttest);
export const websystemunit = contentTable(resources.websystemunit);
export const websystemunittype = contentTable(resources.websystemunittype);
export const websystem = contentTable(resources.websystem);
export const webspecialgroup = contentTable(resources.webspecialgroup);
export const webspecialgrouptype = contentTable(resources.webspecialgrouptype);
export const webspecial = contentTable(resources.webspecial);
export const webareainfo = contentTable(resources.webareainfo);
export const webeditor = contentTable(resources.webeditor);
export const webcontact = contentTable(resources.webcontact);

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Sign-in tokens, stored as SHA-256 hashes; a token expires after 8 idle hours. `publicId` names a
 * session in the API (the hash never leaves the server); `address` and `userAgent` are the client's
 * when it signed in.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    publicId: varchar('public_id', { length: 32 })
      .notNull()
      .default(sql`md5(random()::text)`),
    accountId: integer('account_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    address: varchar('address', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
  },
  (t) => [index('sessions_account_idx').on(t.accountId), uniqueIndex('sessions_public_id_idx').on(t.publicId)],
);

/**
 * The browsers and addresses each account signed in from, and when last: a sign-in from a pair not
 * seen within NEW_DEVICE_DAYS mails the account's owner (lib/content/operations/sign-in-notice.ts).
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    accountId: integer('account_id').notNull(),
    browser: varchar('browser', { length: 100 }).notNull(),
    address: varchar('address', { length: 64 }).notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.browser, t.address] })],
);

/** Uploaded files: the metadata here, the bytes in the upload storage under `id` (lib/uploads/storage.ts). */
export const uploads = pgTable('uploads', {
  id: varchar('id', { length: 36 }).primaryKey(),
  name: text('name').notNull(),
  type: varchar('type', { length: 127 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  /** An image's alternative text in each language (the media library); '' when not set. */
  altTw: text('alt_tw').notNull().default(''),
  altEn: text('alt_en').notNull().default(''),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  /** An image's size in pixels as shown (its EXIF orientation applied); null for other files and older rows. */
  width: integer('width'),
  height: integer('height'),
  /** An image with transparency: its copies for old browsers are PNG rather than JPEG. */
  alpha: boolean('alpha').notNull().default(false),
  /**
   * Every pixel as drawn (PNG, GIF, a lossless WebP): its copies stay lossless, for a chart's lines and a
   * screenshot's text. Set from the bytes at upload; PNG and GIF are lossless by their type alone.
   */
  lossless: boolean('lossless').notNull().default(false),
  /** The point of an image that fixed-ratio crops keep in view, 0–1 from the left and the top; null: the centre. */
  focalX: real('focal_x'),
  focalY: real('focal_y'),
  /**
   * Counts replacements of the file (the id and URL stay): variant URLs carry it, so browsers fetch the new picture.
   */
  version: integer('version').notNull().default(1),
});

/**
 * The derived images of an upload (lib/uploads/variants.ts) that are stored, under the storage key
 * `{uploadId}.{key}`: one row per variant, so a request finds the best one that exists without
 * probing the storage, and removing or replacing an upload finds every one.
 */
export const uploadVariants = pgTable(
  'upload_variants',
  {
    uploadId: varchar('upload_id', { length: 36 }).notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.key] })],
);

/**
 * The files an upload had before it was replaced in place (the media library): their bytes stay in
 * the upload storage under `{uploadId}.v{version}-original`, restorable until TRASH_DAYS have passed.
 */
export const uploadHistory = pgTable(
  'upload_history',
  {
    uploadId: varchar('upload_id', { length: 36 }).notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    type: varchar('type', { length: 127 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    alpha: boolean('alpha').notNull().default(false),
    lossless: boolean('lossless').notNull().default(false),
    replacedAt: timestamptz('replaced_at').notNull().defaultNow(),
    replacedBy: integer('replaced_by'),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.version] }), index('upload_history_replaced_idx').on(t.replacedAt)],
);

/** Raw bytes: node-postgres gives a Buffer, PGlite a Uint8Array; both take either. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
/** A search index term: at most 64 characters, ordered by code point (collation "C"). */
const termText = customType<{ data: string; driverData: string }>({ dataType: () => 'varchar(64) COLLATE "C"' });

/**
 * Uploaded bytes kept in the database (UPLOAD_STORAGE=database), in pieces of at most
 * UPLOAD_CHUNK_BYTES, so a large file is written and served one piece at a time and every app
 * server sees it. `seq` counts from 0.
 */
export const uploadChunks = pgTable(
  'upload_chunks',
  {
    /** An upload's id, or a variant's or a replaced original's key below it (`{id}.{key}`). */
    uploadId: varchar('upload_id', { length: 120 }).notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.seq] })],
);

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

/** Web settings: one JSON document per language (`tw`, `en`) and one shared (`*`). */
export const websetting = pgTable('websetting', {
  scope: varchar('scope', { length: 2 }).primaryKey(),
  data: jsonb('data')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/** Visit counters, incremented in one statement each so concurrent visits are never lost. */
export const counters = pgTable('counters', {
  name: varchar('name', { length: 32 }).primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** The "last updated" stamp of one section of a resource (supervisors' boards, committees…). */
export const sectionUpdateTimes = pgTable(
  'section_update_times',
  {
    resource: varchar('resource', { length: 40 }).notNull(),
    section: integer('section').notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.resource, t.section, t.lang] })],
);

/**
 * The write generation of each content table: a statement trigger on every content table bumps its
 * row in the same transaction as the write (migration 0003), from one sequence, so the values never
 * repeat. The read caches (lib/cache) key their entries by it, so every app server sees a committed
 * write with one primary-key read.
 */
export const contentGenerations = pgTable('content_generations', {
  resource: varchar('resource', { length: 63 }).primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull(),
});

/**
 * Outgoing e-mail (lib/mail): written after what it tells of is stored, sent by the mail worker.
 * A worker claims due rows by setting `claimed_until` in one statement (FOR UPDATE SKIP LOCKED), so
 * two app servers never send the same row. A failure sets the next attempt further away; after the
 * last attempt the row stays `failed` for the dashboard. Once sent or given up, its bodies are
 * emptied (they may hold a password-reset link).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    /** What the mail is for: `contact` (a new contact message), `password-reset`. */
    kind: varchar('kind', { length: 32 }).notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Headers of the mail's own (`List-Unsubscribe`…); emptied with the bodies. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    attachments:
      jsonb('attachments').$type<{ filename: string; contentType: string; content: string; encoding?: 'base64' }[]>(),
    /**
     * Names the one mail of its kind a thing may cause (a reminder of one sign-up, one mailing to one
     * address): a second enqueue with the same key, from any server, queues nothing.
     */
    onceKey: varchar('once_key', { length: 200 }),
    /** `pending`, `sent`, `failed` (attempts used up) or `expired` (no use sending any more). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    claimedUntil: timestamptz('claimed_until'),
    lastError: text('last_error'),
    /** After this the mail is not sent (a reset link that has expired). */
    expiresAt: timestamptz('expires_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('mail_queue_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('mail_queue_once_key_idx').on(t.onceKey),
  ],
);

/** Draft-preview links: the token's SHA-256, the row it shows, valid for an hour. */
export const previewTokens = pgTable(
  'preview_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    resource: varchar('resource', { length: 64 }).notNull(),
    rowId: integer('row_id').notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    accountId: integer('account_id'),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('preview_tokens_expires_idx').on(t.expiresAt)],
);

/** Password-reset links: the token's SHA-256, single use, valid for an hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    accountId: integer('account_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('password_resets_account_idx').on(t.accountId)],
);

/**
 * An account's authenticator (TOTP, lib/content/auth/second-factor.ts): its secret encrypted with a
 * key from SECRET_KEY (never in clear), `enabledAt` null while enrolment waits for a first code, and
 * the last time step a code was taken at, so no code is taken twice.
 */
export const accountTotp = pgTable('account_totp', {
  accountId: integer('account_id').primaryKey(),
  secret: text('secret').notNull(),
  enabledAt: timestamptz('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Single-use recovery codes of an account with a second factor: their SHA-256, and when each was used. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id').notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('recovery_codes_account_idx').on(t.accountId)],
);

/**
 * The second step of a sign-in: a ticket (its SHA-256) given for the right password of an account
 * with a second factor, good for five minutes and five codes.
 */
export const signInTickets = pgTable(
  'sign_in_tickets',
  {
    ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
    accountId: integer('account_id').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    tries: integer('tries').notNull().default(0),
  },
  (t) => [index('sign_in_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * An account's passkeys (WebAuthn, lib/content/auth/passkeys.ts): the credential's id and public
 * key as the authenticator gave them (base64url; a public key is no secret), the signature counter
 * last seen, the transports the browser named, and the name the person gave it.
 */
export const accountPasskeys = pgTable(
  'account_passkeys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id').notNull(),
    credentialId: varchar('credential_id', { length: 1400 }).notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: varchar('transports', { length: 200 }).notNull().default(''),
    name: varchar('name', { length: 100 }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [
    uniqueIndex('account_passkeys_credential_idx').on(t.credentialId),
    index('account_passkeys_account_idx').on(t.accountId),
  ],
);

/**
 * The challenges of passkey ceremonies (their SHA-256), single use and good for five minutes, kept in
 * the database so that any app server may finish a ceremony another began. `purpose`: `register`
 * (the account adding one), `login` (a sign-in by passkey alone: no account yet), `second` (the
 * second step of the account whose password was right).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challengeHash: varchar('challenge_hash', { length: 64 }).primaryKey(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    accountId: integer('account_id'),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * Saved states of content rows: each add, update and restore stores the row's values as they were
 * after the write, numbered per row from 1 (lib/content/storage/revisions.ts). At most REVISIONS_KEEP per row.
 */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    resource: varchar('resource', { length: 63 }).notNull(),
    rowId: integer('row_id').notNull(),
    revision: integer('revision').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    accountId: integer('account_id'),
    savedAt: timestamptz('saved_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_revisions_row_idx').on(t.resource, t.rowId, t.revision)],
);

/**
 * Changes to public content waiting for an Admin's approval (lib/content/storage/pending.ts): a new
 * row, a change of a row or its deletion, submitted by a User while `approvalRequired` is on. At most
 * one `pending` entry per row; approved and rejected entries stay as the row's review history.
 */
export const pendingChanges = pgTable(
  'pending_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    resource: varchar('resource', { length: 63 }).notNull(),
    rowId: integer('row_id').notNull(),
    lang: varchar('lang', { length: 2 }),
    kind: varchar('kind', { length: 10 }).notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    baseVersion: integer('base_version').notNull(),
    accountId: integer('account_id'),
    submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    comment: text('comment'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    uniqueIndex('pending_changes_open_idx')
      .on(t.resource, t.rowId)
      .where(sql`${t.status} = 'pending'`),
    index('pending_changes_status_idx').on(t.status, t.submittedAt),
    index('pending_changes_account_idx').on(t.accountId, t.submittedAt),
  ],
);

/**
 * When public rows are next due for review and when they were last reviewed
 * (lib/content/storage/reviews.ts): one row per content row that has a date, so the content tables
 * and the answers of rows without one stay as they are.
 */
export const contentReviews = pgTable(
  'content_reviews',
  {
    resource: varchar('resource', { length: 63 }).notNull(),
    rowId: integer('row_id').notNull(),
    reviewAt: timestamptz('review_at'),
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: integer('reviewed_by'),
  },
  (t) => [primaryKey({ columns: [t.resource, t.rowId] }), index('content_reviews_due_idx').on(t.reviewAt)],
);

/**
 * Deleted content rows, until restored or purged (lib/content/storage/trash.ts): the row's values as a JSON
 * snapshot, so no read of the content tables has to skip them. Their uploads stay until the purge.
 */
export const contentTrash = pgTable(
  'content_trash',
  {
    resource: varchar('resource', { length: 63 }).notNull(),
    rowId: integer('row_id').notNull(),
    lang: varchar('lang', { length: 2 }),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    deletedAt: timestamptz('deleted_at').notNull().defaultNow(),
    deletedBy: integer('deleted_by'),
  },
  (t) => [primaryKey({ columns: [t.resource, t.rowId] }), index('content_trash_deleted_idx').on(t.deletedAt)],
);

/** Who did what, when and from where (lib/content/storage/audit.ts). Written only by the server; kept AUDIT_DAYS. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamptz('at').notNull().defaultNow(),
    action: varchar('action', { length: 20 }).notNull(),
    accountId: integer('account_id'),
    accountName: varchar('account_name', { length: 100 }),
    clientAddress: varchar('client_address', { length: 64 }),
    resource: varchar('resource', { length: 63 }),
    rowId: integer('row_id'),
    lang: varchar('lang', { length: 2 }),
    summary: text('summary'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    index('audit_log_resource_idx').on(t.resource, t.at),
  ],
);

/**
 * Who has a row's form open (lib/content/storage/edit-locks.ts): one lock per row, renewed while the
 * form stays open and lapsing EDIT_LOCK_SECONDS after the last renewal. Kept in the database so every
 * app server sees the same holder. A lock only warns: saving never needs it.
 */
export const editLocks = pgTable(
  'edit_locks',
  {
    resource: varchar('resource', { length: 63 }).notNull(),
    rowId: integer('row_id').notNull(),
    accountId: integer('account_id').notNull(),
    since: timestamptz('since').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resource, t.rowId] })],
);

/**
 * Sign-ups for activities (lib/content/operations/registration/). Not content: no revisions, trash,
 * search, open data or cache; only staff read them. A sign-up's seats are decided under a lock on its
 * activity's row, so `status` is never `confirmed` for more seats than the activity has. The personal
 * fields (name, email, answers) are emptied when the activity's retention ends or on request
 * (`erasedAt`); the row and its seats stay for the counts.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    activityId: integer('activity_id').notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    /** Short code on the confirmation and its QR code, typed at the door. */
    code: varchar('code', { length: 12 }).notNull(),
    /**
     * The manage link's long random token. Kept as it is (not hashed): the waitlist, promotion and
     * reminder e-mails carry the link again, and it guards only this row, whose data sit beside it.
     */
    token: varchar('token', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }),
    email: varchar('email', { length: 254 }),
    /** The e-mail in lower case, for the one-sign-up-per-address rule. */
    emailKey: varchar('email_key', { length: 254 }),
    seats: integer('seats').notNull(),
    /** `confirmed`, `waitlisted` or `cancelled`. */
    status: varchar('status', { length: 12 }).notNull(),
    /** The asked fields' answers (`organization`, `phone`…). */
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    consentVersion: varchar('consent_version', { length: 40 }),
    consentedAt: timestamptz('consented_at'),
    attendedAt: timestamptz('attended_at'),
    cancelledAt: timestamptz('cancelled_at'),
    erasedAt: timestamptz('erased_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registrations_token_idx').on(t.token),
    uniqueIndex('registrations_code_idx').on(t.activityId, t.code),
    // One live sign-up per address and activity; a cancelled one may sign up again.
    uniqueIndex('registrations_email_idx')
      .on(t.activityId, t.emailKey)
      .where(sql`status <> 'cancelled'`),
    index('registrations_activity_idx').on(t.activityId, t.status, t.id),
  ],
);

/**
 * The site search's index (lib/content/storage/search-index.ts): one row per indexed content row,
 * with what the public window needs (so a hidden, scheduled or expired row is never found) and its
 * normalised title (an exact title match ranks first). Written in the same transaction as the row.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    resource: varchar('resource', { length: 63 }).notNull(),
    rowId: integer('row_id').notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    /** The value of the resource's fixed-page field (page sections), which says which public page shows it. */
    part: varchar('part', { length: 40 }).notNull().default(''),
    title: text('title').notNull(),
    date: timestamptz('date'),
    isVisible: boolean('is_visible').notNull(),
    /** For signed-in Members only (`audience`): found by their searches alone. */
    membersOnly: boolean('members_only').notNull().default(false),
    publishAt: timestamptz('publish_at'),
    unpublishAt: timestamptz('unpublish_at'),
    /**
     * The resource's stored generation (`content_generations`) when the entry was last written, set
     * by a trigger (migration 0033): what a server's copy of the index in memory
     * (lib/content/storage/search-memory.ts) reads to catch up.
     */
    generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.resource, t.rowId] }),
    index('search_documents_lang_idx').on(t.lang, t.title),
    index('search_documents_generation_idx').on(t.resource, t.generation),
  ],
);

/**
 * Entries dropped from the search index (a row deleted or moved to the trash, or a rebuild), with the
 * resource's generation then, so that servers' copies of the index in memory drop them too. Written by
 * a trigger on `search_documents` (migration 0033); kept a day (the housekeeping).
 */
export const searchRemovals = pgTable(
  'search_removals',
  {
    resource: varchar('resource', { length: 63 }).notNull(),
    rowId: integer('row_id').notNull(),
    generation: bigint('generation', { mode: 'number' }).notNull(),
    removedAt: timestamptz('removed_at').notNull().defaultNow(),
  },
  (t) => [index('search_removals_generation_idx').on(t.resource, t.generation)],
);

/**
 * The index's terms: each normalised word, stem or Chinese character pair of a row, once, with the
 * weight of the best field it is in (title > summary > body).
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    // Compared byte by byte ("C"), so a prefix (`term like 'trust%'`) is a range of the index
    // whatever the database's own collation.
    term: termText('term').notNull(),
    resource: varchar('resource', { length: 63 }).notNull(),
    rowId: integer('row_id').notNull(),
    weight: real('weight').notNull(),
  },
  (t) => [
    // The one index a search reads, holding every column it needs (an index-only scan: a word
    // common to half of 100,000 rows is 60,000 entries, which a heap fetch each made 5× slower).
    // Not unique: a row's terms are written once each, after its old ones are deleted.
    index('search_terms_term_idx').on(t.term, t.resource, t.rowId, t.weight),
    index('search_terms_row_idx').on(t.resource, t.rowId),
  ],
);

/**
 * What visitors searched for (lib/content/storage/search-queries.ts): each query's words, normalised,
 * counted per day (in the site's time zone) and language, with how many results it last found.
 * Nothing about who searched: no address, cookie or account. Kept 13 months (the housekeeping).
 */
export const searchQueries = pgTable(
  'search_queries',
  {
    day: date('day', { mode: 'string' }).notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    query: varchar('query', { length: 100 }).notNull(),
    count: integer('count').notNull(),
    results: integer('results').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.lang, t.query] })],
);

/**
 * The newsletter's subscribers (lib/content/operations/newsletter.ts): one row per address, with the
 * consent it was given (when, from which address, on which form, which wording, in which language).
 * `token` names the subscriber in every mailing's unsubscribe and manage links; the confirmation
 * link's token is kept only as its SHA-256 and only until it is used.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased, so an address is one subscriber however it is typed. */
    email: varchar('email', { length: 254 }).notNull(),
    topics: jsonb('topics').$type<string[]>().notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    /** `pending` (not confirmed yet), `active` or `unsubscribed`. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    token: varchar('token', { length: 64 }).notNull(),
    confirmTokenHash: varchar('confirm_token_hash', { length: 64 }),
    consentAt: timestamptz('consent_at').notNull(),
    consentAddress: varchar('consent_address', { length: 64 }).notNull(),
    /** `footer`, `page`, `api` or `import` (an invitation staff sent). */
    consentForm: varchar('consent_form', { length: 16 }).notNull(),
    consentVersion: varchar('consent_version', { length: 32 }).notNull(),
    consentLang: varchar('consent_lang', { length: 2 }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    confirmedAt: timestamptz('confirmed_at'),
    unsubscribedAt: timestamptz('unsubscribed_at'),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_idx').on(t.email),
    uniqueIndex('newsletter_subscribers_token_idx').on(t.token),
    uniqueIndex('newsletter_subscribers_confirm_idx').on(t.confirmTokenHash),
    index('newsletter_subscribers_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * What was sent to subscribers: a mailing staff wrote (`kind` `mailing`) or a digest (`digest`, one
 * per `period`: the unique index lets one server of many send it). `queuedAt` is set once every
 * recipient's mail is queued; a mailing without it is queued again at start-up (the mail queue's
 * once key keeps that from mailing anyone twice).
 */
export const newsletterMailings = pgTable(
  'newsletter_mailings',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    period: varchar('period', { length: 32 }),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    items: jsonb('items').$type<{ resource: string; id: number }[]>().notNull(),
    topics: jsonb('topics').$type<string[]>().notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The start of what a digest tells of (items published after it). */
    since: timestamptz('since'),
    queuedAt: timestamptz('queued_at'),
    recipients: integer('recipients').notNull().default(0),
    /**
     * Its mails sent, and failed or expired, that the mail queue's pruning (after 30 days) took away:
     * the counts outlive the queue's rows.
     */
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
  },
  (t) => [uniqueIndex('newsletter_mailings_period_idx').on(t.kind, t.period, t.lang)],
);

/**
 * Invitations of a member institution's contacts to the member area (lib/content/operations/
 * member-invitations.ts): the mailed token's SHA-256, valid for 7 days and once; the account is
 * made when the invitee sets a password (`accountId`), and a revoked or resent invitation's token
 * stops working.
 */
export const memberInvitations = pgTable(
  'member_invitations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    memberId: integer('member_id').notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    keyContact: boolean('key_contact').notNull().default(false),
    lang: varchar('lang', { length: 2 }).notNull(),
    invitedBy: integer('invited_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    revokedAt: timestamptz('revoked_at'),
    accountId: integer('account_id'),
  },
  (t) => [
    uniqueIndex('member_invitations_token_idx').on(t.tokenHash),
    index('member_invitations_member_idx').on(t.memberId),
  ],
);
