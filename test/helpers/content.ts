import { invalidate } from '../../lib/cache/public-reads';
import { inArray } from 'drizzle-orm';
import { getDb } from '../../lib/db';
import { searchDocuments, searchTerms, webbulletin, webbulletintype, webnews } from '../../lib/db/schema';
import tw from '../../messages/tw';
import en from '../../messages/en';
import { call, type CallOptions } from './api';

/** Empties the content tables so each test starts from nothing (accounts and sessions stay). */
export async function clearContent(): Promise<void> {
  const db = await getDb();
  await db.delete(webbulletin);
  await db.delete(webbulletintype);
  await db.delete(webnews);
  const cleared = ['webbulletin', 'webbulletintype', 'webnews'];
  await db.delete(searchTerms).where(inArray(searchTerms.resource, cleared));
  await db.delete(searchDocuments).where(inArray(searchDocuments.resource, cleared));
  // Written behind the API: tell this process's read cache, as a write through it would.
  for (const resource of ['webbulletin', 'webbulletintype', 'webnews']) invalidate(resource);
}

/**
 * An instant in the API's wire form (`YYYY-MM-DDTHH:mm:ss`, Taipei time), worked out independently
 * of lib/content/model/wire-dates: Taipei has been UTC+8 without daylight saving since 1979.
 */
export function taipei(instant: Date): string {
  return new Date(instant.getTime() + 8 * 3600_000).toISOString().slice(0, 19);
}

export const fromNow = (hours: number): Date => new Date(Date.now() + hours * 3600_000);

/** An API message from messages/*.json with its `{placeholders}` filled. */
export function message(language: 'tw' | 'en', key: string, values: Record<string, string | number> = {}): string {
  const template = ((language === 'tw' ? tw : en).api as Record<string, string>)[key];
  if (!template) throw new Error(`no message api.${key}`);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Adds a row and fails loudly unless the API accepted it. */
export async function addRow(resource: string, body: Record<string, unknown>, options: CallOptions): Promise<any> {
  const result = await call('POST', `${resource}/add`, body, options);
  if (result.status !== 200) throw new Error(`${resource}/add ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body;
}

/** The wire form of a date-time: `YYYY-MM-DDTHH:mm:ss`, no zone. */
export const wireDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
