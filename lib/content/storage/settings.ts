import 'server-only';
import { normalizeText } from './search-text';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { invalidate } from '../../cache/public-reads';
import { cachedSiteRead } from '../../cache/site-reads';
import { getDb } from '../../db';
import { counters, sectionUpdateTimes, uploads, websetting } from '../../db/schema';
import { translate } from '../../i18n/messages';
import type { WireLanguage } from '../../i18n/languages';
import { uploadUrl } from '../../uploads';
import settingsDefinition, {
  DEFAULT_MEMBER_CONTACTS_MAX,
  DEFAULT_REGISTRATION_RETENTION_MONTHS,
  DEFAULT_REMINDER_DAYS,
  DIGEST_FREQUENCIES,
  SECOND_FACTOR_POLICIES,
  sharedSettingFields,
  type DigestFrequency,
  type LocalizedSettingKey,
  type SecondFactorPolicy,
  type SharedSettingKey,
} from '../resources/websetting';
import { visitorResources } from '../model/registry';
import { column, tableOf } from './content-tables';

/** The days before an activity's start its sign-ups are reminded (`reminderDays`, "3,1" by default; "0" for none). */
const reminderDaysOf = (value: unknown): number[] =>
  typeof value === 'string' && /^\d{1,2}(,\s*\d{1,2}){0,4}$/.test(value)
    ? [...new Set(value.split(',').map((part) => Number(part.trim())))].filter((days) => days > 0)
    : DEFAULT_REMINDER_DAYS;

const frequencyOf = (value: unknown): DigestFrequency =>
  DIGEST_FREQUENCIES.find((frequency) => frequency === value) ?? 'off';
const contactsMaxOf = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : DEFAULT_MEMBER_CONTACTS_MAX;
const policyOf = (value: unknown): SecondFactorPolicy =>
  SECOND_FACTOR_POLICIES.find((policy) => policy === value) ?? 'none';

const SHARED_SCOPE = '*';
/**
 * Shared settings kept outside the form's fields: the review cycles, an object of months per
 * resource that the handler checks itself (lib/content/operations/reviews.ts).
 */
const sharedDocumentKeys = ['reviewCycles'];
const isShared = (key: string): key is SharedSettingKey =>
  Object.prototype.hasOwnProperty.call(sharedSettingFields, key) || sharedDocumentKeys.includes(key);

/** A stored review-cycles object, kept to its whole-month entries. */
function cyclesOf(value: unknown): Record<string, number> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, number] => Number.isInteger(entry[1]) && entry[1] > 0),
  );
}

/** The settings of one language as the API returns them (`webinfo`). */
export interface WebInfo {
  lang: WireLanguage;
  siteName: string;
  associationName: string;
  /** An upload id, or null. */
  logo: string | null;
  /** Where the logo is served (`/uploads/{id}/{name}`), or null; derived, never written. */
  logoUrl: string | null;
  address: string;
  phone: string;
  fax: string;
  email: string;
  /** Who is e-mailed a new contact message; only for signed-in readers. */
  notifyEmails?: string;
  officeHours: string;
  footerNote: string;
  metaDescription: string;
  metaKeywords: string;
  analyticsId: string;
  /** Only for signed-in readers: anonymous visitors read it through `oldvisitcount`. */
  legacyVisitCount?: number;
  /** Only for signed-in readers: Users' writes to public content wait for an Admin's approval. */
  approvalRequired?: boolean;
  /** Only for signed-in readers: who is e-mailed a submission (empty: every Admin with an address). */
  approverEmails?: string;
  /** Only for signed-in readers: who must have a second factor (`none`, `admins`, `everyone`). */
  secondFactorPolicy?: SecondFactorPolicy;
  /** Only for signed-in readers: how often the newsletter's digest is sent (`off`, `daily`, `weekly`). */
  newsletterDigest?: DigestFrequency;
  /** Only for signed-in readers: each reviewed resource's review cycle in months (`{"webrule": 12}`). */
  reviewCycles?: Record<string, number>;
  /** Only for signed-in readers: the days before an activity its sign-ups are reminded (`3,1`). */
  reminderDays?: string;
  /** Only for signed-in readers: months after an activity its sign-ups' personal data are kept. */
  registrationRetentionMonths?: number;
  /** Only for signed-in readers: how many Member accounts one institution may have. */
  memberContactsMax?: number;
}

/** What a language shows before anything is saved (or after a field is cleared). */
export function defaultWebInfo(language: WireLanguage): WebInfo {
  return {
    lang: language,
    siteName: translate(language, 'site.defaultSiteName'),
    associationName: '',
    logo: null,
    logoUrl: null,
    address: '',
    phone: '',
    fax: '',
    email: '',
    notifyEmails: '',
    officeHours: '',
    footerNote: '',
    metaDescription: '',
    metaKeywords: '',
    analyticsId: '',
    legacyVisitCount: 0,
    approvalRequired: false,
    approverEmails: '',
    secondFactorPolicy: 'none',
    newsletterDigest: 'off',
    reviewCycles: {},
    reminderDays: DEFAULT_REMINDER_DAYS.join(','),
    registrationRetentionMonths: DEFAULT_REGISTRATION_RETENTION_MONTHS,
    memberContactsMax: DEFAULT_MEMBER_CONTACTS_MAX,
  };
}

/** Stored values over the defaults; a stored null (a cleared field) falls back to the default. */
function merge(language: WireLanguage, stored: Record<string, unknown>, includePrivate: boolean): WebInfo {
  const defaults = defaultWebInfo(language);
  const text = (key: LocalizedSettingKey | SharedSettingKey, fallback: string): string => {
    const value = stored[key];
    return typeof value === 'string' ? value : fallback;
  };
  const info: WebInfo = {
    ...defaults,
    siteName: text('siteName', defaults.siteName),
    associationName: text('associationName', defaults.associationName),
    logo: typeof stored.logo === 'string' ? stored.logo : defaults.logo,
    address: text('address', defaults.address),
    phone: text('phone', defaults.phone),
    fax: text('fax', defaults.fax),
    email: text('email', defaults.email),
    notifyEmails: text('notifyEmails', defaults.notifyEmails ?? ''),
    officeHours: text('officeHours', defaults.officeHours),
    footerNote: text('footerNote', defaults.footerNote),
    metaDescription: text('metaDescription', defaults.metaDescription),
    metaKeywords: text('metaKeywords', defaults.metaKeywords),
    analyticsId: text('analyticsId', defaults.analyticsId),
    legacyVisitCount: typeof stored.legacyVisitCount === 'number' ? stored.legacyVisitCount : defaults.legacyVisitCount,
    approvalRequired: stored.approvalRequired === true,
    approverEmails: text('approverEmails', ''),
    secondFactorPolicy: policyOf(stored.secondFactorPolicy),
    newsletterDigest: frequencyOf(stored.newsletterDigest),
    reviewCycles: cyclesOf(stored.reviewCycles),
    reminderDays: text('reminderDays', defaults.reminderDays ?? ''),
    registrationRetentionMonths:
      typeof stored.registrationRetentionMonths === 'number'
        ? stored.registrationRetentionMonths
        : defaults.registrationRetentionMonths,
    memberContactsMax: contactsMaxOf(stored.memberContactsMax),
  };
  // The fields that are not public (`public: false` in the definitions above) only for signed-in readers.
  if (!includePrivate) {
    delete info.notifyEmails;
    delete info.legacyVisitCount;
    delete info.approvalRequired;
    delete info.approverEmails;
    delete info.reviewCycles;
    delete info.secondFactorPolicy;
    delete info.reminderDays;
    delete info.registrationRetentionMonths;
    delete info.newsletterDigest;
    delete info.memberContactsMax;
  }
  return info;
}

/** The settings of a language merged with the shared ones, read on the server (pages call this too). */
export async function readWebInfo(language: WireLanguage, options: { includePrivate: boolean }): Promise<WebInfo> {
  const db = await getDb();
  const rows = await db
    .select({ scope: websetting.scope, data: websetting.data })
    .from(websetting)
    .where(inArray(websetting.scope, [language, SHARED_SCOPE]));
  const byScope = new Map(rows.map((row) => [row.scope, row.data ?? {}]));
  const info = merge(
    language,
    { ...(byScope.get(language) ?? {}), ...(byScope.get(SHARED_SCOPE) ?? {}) },
    options.includePrivate,
  );
  if (info.logo) {
    const [file] = await db
      .select({ id: uploads.id, name: uploads.name })
      .from(uploads)
      .where(eq(uploads.id, info.logo))
      .limit(1);
    info.logoUrl = file ? uploadUrl(file.id, file.name) : null;
  }
  return info;
}

/**
 * Saves validated values: the per-language ones into the language's document, the shared ones into
 * the shared document. Each document is merged in one statement (`data || new`), so two Admins
 * saving different fields at once both keep their change. Null clears a field (back to its default).
 */
export async function saveWebInfo(
  language: WireLanguage,
  values: Record<string, unknown>,
  accountId: number | null,
): Promise<void> {
  const own: Record<string, unknown> = {};
  const shared: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!Object.prototype.hasOwnProperty.call(settingsDefinition.fields, key) && !sharedDocumentKeys.includes(key))
      continue;
    (isShared(key) ? shared : own)[key] = value ?? null;
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const [scope, data] of [
      [language, own],
      [SHARED_SCOPE, shared],
    ] as const) {
      if (!Object.keys(data).length) continue;
      const now = new Date();
      await tx
        .insert(websetting)
        .values({ scope, data, updatedAt: now, updatedBy: accountId })
        .onConflictDoUpdate({
          target: websetting.scope,
          set: { data: sql`${websetting.data} || excluded.data`, updatedAt: now, updatedBy: accountId },
        });
    }
  });
  // The header, footer and every cached page show these settings.
  await invalidate('websetting');
}

/** The legacy visit count of the previous website (shared setting), 0 until one is set. */
export async function legacyVisitCount(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ data: websetting.data }).from(websetting).where(eq(websetting.scope, SHARED_SCOPE));
  const value = row?.data?.legacyVisitCount;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The shared settings of the approval of Users' writes, read on every write by a User. */
export async function approvalSettings(): Promise<{ required: boolean; approverEmails: string }> {
  const db = await getDb();
  const [row] = await db.select({ data: websetting.data }).from(websetting).where(eq(websetting.scope, SHARED_SCOPE));
  const data = row?.data ?? {};
  return {
    required: data.approvalRequired === true,
    approverEmails: typeof data.approverEmails === 'string' ? data.approverEmails : '',
  };
}

/**
 * The shared setting `secondFactorPolicy`, read once per request of a signed-in account (kept briefly by the caller).
 */
export async function secondFactorPolicy(): Promise<SecondFactorPolicy> {
  const db = await getDb();
  const [row] = await db.select({ data: websetting.data }).from(websetting).where(eq(websetting.scope, SHARED_SCOPE));
  return policyOf(row?.data?.secondFactorPolicy);
}

/** The days before an activity's start its sign-ups are reminded (shared setting `reminderDays`). */
export async function reminderDays(): Promise<number[]> {
  const db = await getDb();
  const [row] = await db.select({ data: websetting.data }).from(websetting).where(eq(websetting.scope, SHARED_SCOPE));
  return reminderDaysOf(row?.data?.reminderDays);
}

/** Months after an activity its sign-ups' personal data are kept (shared setting `registrationRetentionMonths`). */
export async function registrationRetentionMonths(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ data: websetting.data }).from(websetting).where(eq(websetting.scope, SHARED_SCOPE));
  const value = row?.data?.registrationRetentionMonths;
  return typeof value === 'number' && Number.isInteger(value) && value > 0
    ? value
    : DEFAULT_REGISTRATION_RETENTION_MONTHS;
}

/** The shared setting `newsletterDigest`. */
export async function newsletterDigestFrequency(): Promise<DigestFrequency> {
  const db = await getDb();
  const [row] = await db.select({ data: websetting.data }).from(websetting).where(eq(websetting.scope, SHARED_SCOPE));
  return frequencyOf(row?.data?.newsletterDigest);
}

/** Each reviewed resource's review cycle in months (`reviewCycles`; none by default). */
export async function reviewCycles(): Promise<Record<string, number>> {
  const db = await getDb();
  const [row] = await db.select({ data: websetting.data }).from(websetting).where(eq(websetting.scope, SHARED_SCOPE));
  return cyclesOf(row?.data?.reviewCycles);
}

/* Visit counters (docs/public-site.md, "Visit counter"). */

type CounterKey = 'visit' | 'accessible';

/**
 * Adds one to a counter and returns the new count, in one statement: the row is created on first use,
 * and concurrent visits (several app servers included) are each counted exactly once.
 */
export async function incrementCounter(name: CounterKey): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(counters)
    .values({ name, count: 1 })
    .onConflictDoUpdate({ target: counters.name, set: { count: sql`${counters.count} + 1`, updatedAt: sql`now()` } })
    .returning({ count: counters.count });
  return Number(row.count);
}

/** A counter's value without counting a visit (0 before the first one). */
export async function readCounter(name: CounterKey): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ count: counters.count }).from(counters).where(eq(counters.name, name));
  return Number(row?.count ?? 0);
}

/**
 * The site's last content update (the footer's 更新日期): the latest `updatedAt` of every table
 * visitors read (`visitorResources`: accounts and contact messages are not site content), the web
 * settings and the section "last updated" stamps, in one query. Null when there is no content at
 * all. A delete leaves no trace here: a "content updated" stamp written by the generic write
 * handlers would catch it and cost one row read, but those handlers do not write one yet.
 */
export async function lastContentUpdate(): Promise<Date | null> {
  const db = await getDb();
  const latest = (table: PgTable, updatedAt: PgColumn) => sql`(select max(${updatedAt}) from ${table})`;
  const parts = [
    latest(websetting, websetting.updatedAt),
    latest(sectionUpdateTimes, sectionUpdateTimes.updatedAt),
    ...visitorResources().map((definition) => latest(tableOf(definition), column(tableOf(definition), 'updatedAt'))),
  ];
  // greatest() skips nulls (empty tables); one flat list plans several times faster than nested unions.
  // Whole milliseconds, cut like the drivers cut stored microseconds, so the date matches the rows'.
  const result = await db.execute(sql`select extract(epoch from greatest(${sql.join(parts, sql`, `)})) * 1000 as ms`);
  const ms = result.rows[0]?.ms;
  return ms === null || ms === undefined ? null : new Date(Math.floor(Number(ms)));
}

/**
 * The shared setting `searchSynonyms` as the site search applies it: each normalised word of a group
 * to the other words of its group (安養, 老人, senior-care: each finds the others). Kept as a site-wide
 * read (lib/cache/site-reads.ts): every search asks for it.
 */
export function searchSynonyms(): Promise<Map<string, string[]>> {
  return cachedSiteRead('search synonyms', readSearchSynonyms);
}

async function readSearchSynonyms(): Promise<Map<string, string[]>> {
  const db = await getDb();
  const [row] = await db.select({ data: websetting.data }).from(websetting).where(eq(websetting.scope, SHARED_SCOPE));
  const text = typeof row?.data?.searchSynonyms === 'string' ? row.data.searchSynonyms : '';
  const synonyms = new Map<string, string[]>();
  for (const line of text.split(/\r?\n/)) {
    const words = line
      .split(/[,，、↔]/)
      .map((word) => normalizeText(word))
      .filter(Boolean);
    for (const word of words) synonyms.set(word, [...(synonyms.get(word) ?? []), ...words.filter((w) => w !== word)]);
  }
  return synonyms;
}

/** The shared setting `memberContactsMax`: how many Member accounts one institution may have (5 by default). */
export async function memberContactsMax(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ data: websetting.data }).from(websetting).where(eq(websetting.scope, SHARED_SCOPE));
  return contactsMaxOf(row?.data?.memberContactsMax);
}
