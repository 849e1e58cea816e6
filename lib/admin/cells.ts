import { format, parseISO } from 'date-fns';
import type { Field } from '../content/model/fields';
import type { WireLanguage } from '../i18n/languages';
import type { Column } from './list';

/** Names of referenced rows by id, per reference field of the list (`typeId` → bulletin type names). */
export type Lookups = Record<string, ReadonlyMap<number, string>>;

const CELL_MAX_LENGTH = 80;

const commonKinds: Record<string, Field['kind']> = {
  isVisible: 'boolean',
  publishAt: 'datetime',
  updatedAt: 'datetime',
};

/**
 * A wire date or date-time (the site's wall clock) as staff read it: `2026-11-24 15:08` in Chinese,
 * `24 Nov 2026, 15:08` in English. The wire form has no zone, so it is read and written as local time.
 */
export function formatWireDate(value: string, language: WireLanguage, withTime: boolean): string {
  if (language === 'tw') return withTime ? value.replace('T', ' ').slice(0, 16) : value.slice(0, 10);
  const date = parseISO(value);
  if (Number.isNaN(date.getTime())) return value;
  return format(date, withTime ? 'd MMM yyyy, HH:mm' : 'd MMM yyyy');
}

/** A list cell as text: choices and references by name, dates without seconds, long text shortened. */
export function formatCell(
  column: Column,
  row: Record<string, unknown>,
  language: WireLanguage,
  lookups: Lookups,
  words: { yes: string; no: string },
): string {
  const value = row[column.key];
  const kind: Field['kind'] | undefined = column.field?.kind ?? commonKinds[column.key];
  if (kind === 'boolean') return value ? words.yes : words.no;
  if (value === null || value === undefined || value === '') return '';
  if (column.field?.kind === 'choice') {
    return column.field.choices.find((choice) => choice.value === value)?.label[language] ?? String(value);
  }
  if (column.field?.kind === 'reference') return lookups[column.key]?.get(Number(value)) ?? `#${value}`;
  if ((kind === 'datetime' || kind === 'date') && typeof value === 'string')
    return formatWireDate(value, language, kind === 'datetime');
  const text = String(value);
  return text.length > CELL_MAX_LENGTH ? `${text.slice(0, CELL_MAX_LENGTH - 1)}…` : text;
}
