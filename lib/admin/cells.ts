import type { Field } from '../content/fields';
import type { WireLanguage } from '../i18n/languages';
import type { Column } from './list';

/** Names of referenced rows by id, per reference field of the list (`typeId` → bulletin type names). */
export type Lookups = Record<string, ReadonlyMap<number, string>>;

export const CELL_MAX_LENGTH = 80;

/** A list cell as text: choices and references by name, dates without seconds, long text shortened. */
export function formatCell(
  column: Column,
  row: Record<string, unknown>,
  language: WireLanguage,
  lookups: Lookups,
  words: { yes: string; no: string },
): string {
  const value = row[column.key];
  const kind: Field['kind'] | undefined = column.field?.kind ?? (column.key === 'isVisible' ? 'boolean' : column.key === 'publishAt' ? 'datetime' : undefined);
  if (kind === 'boolean') return value ? words.yes : words.no;
  if (value === null || value === undefined || value === '') return '';
  if (column.field?.kind === 'choice') {
    return column.field.choices.find((choice) => choice.value === value)?.label[language] ?? String(value);
  }
  if (column.field?.kind === 'reference') return lookups[column.key]?.get(Number(value)) ?? `#${value}`;
  if (kind === 'datetime' && typeof value === 'string') return value.replace('T', ' ').slice(0, 16);
  if (kind === 'date' && typeof value === 'string') return value.slice(0, 10);
  const text = String(value);
  return text.length > CELL_MAX_LENGTH ? `${text.slice(0, CELL_MAX_LENGTH - 1)}…` : text;
}
