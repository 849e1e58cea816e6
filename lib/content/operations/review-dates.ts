import 'server-only';
import { config } from '../../config';
import type { WireLanguage } from '../../i18n/languages';
import { adminRowPath } from '../../routing/back-office';
import { readByVisitors, type ResourceDefinition } from '../model/define';
import { invalid } from '../model/errors';
import { sections } from '../model/sections';
import { wireInstant } from '../model/wire';
import { fromWireDateTime } from '../model/wire-dates';
import type { Row } from '../model/rows';
import { setReviewDate, type ReviewDates } from '../storage/reviews';
import { reviewCycles } from '../storage/settings';

/**
 * A public row's review dates on its signed-in reads and writes (docs/api.md, Review cycle):
 * `reviewAt` (「下次檢視日」, the date the row is next due for review) and `reviewedAt`
 * (「最後檢視」), present on rows that have them; a write may set `reviewAt` (a date, or null to
 * clear it), and a new row of a resource with a cycle (`reviewCycles`) gets one that many months on.
 */

/** Whether a resource's rows have review dates: those visitors read. */
export const reviewed = (definition: ResourceDefinition) => readByVisitors(definition);

/**
 * The section a row's back-office form is under, for resources whose section stands in every path
 * (`sectionInPath`: boards, committees, page sections): its value, or undefined.
 */
export function sectionOf(definition: ResourceDefinition, row: Row): number | undefined {
  const key = definition.sectionInPath ? definition.parents?.[0] : undefined;
  return key && typeof row[key] === 'number' ? row[key] : undefined;
}

/** The path of a row's back-office form (`/tw-admin/webnews/12`, `/tw-admin/webeditor/privacy/5`), for e-mails. */
export function adminFormPath(
  language: WireLanguage,
  definition: ResourceDefinition,
  rowId: number,
  section?: number,
): string {
  const key = definition.parents?.[0];
  const f = key ? definition.fields[key] : undefined;
  const sectionKey =
    section !== undefined && f?.kind === 'choice' && f.section
      ? sections[f.section].find((s) => s.value === section)?.key
      : undefined;
  return adminRowPath(language, definition.name, rowId, sectionKey);
}

/** `months` whole months after `from`. */
export function monthsAfter(from: Date, months: number): Date {
  const date = new Date(from);
  date.setMonth(date.getMonth() + months);
  return date;
}

/** The `reviewAt` a write's body gives: undefined when absent, null to clear, else the date. */
export function reviewAtInput(body: Record<string, unknown>): Date | null | undefined {
  const value = body.reviewAt;
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  const date = typeof value === 'string' ? fromWireDateTime(value, config().siteTimeZone) : null;
  if (!date) throw invalid('notDateTime', { field: 'reviewAt' });
  return date;
}

/** A row's review dates as its reads show them. */
export const wireReviewDates = (dates: ReviewDates) => ({
  reviewAt: dates.reviewAt ? wireInstant(dates.reviewAt) : null,
  reviewedAt: dates.reviewedAt ? wireInstant(dates.reviewedAt) : null,
});

/**
 * Stores the review date a write gave (or, for a new row without one, its resource's cycle) and
 * returns the row with its dates; a row that gets none is returned as it was.
 */
export async function saveReviewAt(
  definition: ResourceDefinition,
  row: Row,
  given: Date | null | undefined,
  isNew: boolean,
): Promise<Row> {
  if (!reviewed(definition)) return row;
  let reviewAt = given;
  if (reviewAt === undefined && isNew) {
    const months = (await reviewCycles())[definition.name];
    if (months) reviewAt = monthsAfter(new Date(), months);
  }
  if (reviewAt === undefined) return row;
  return { ...row, ...wireReviewDates(await setReviewDate(definition.name, Number(row.id), reviewAt)) };
}
