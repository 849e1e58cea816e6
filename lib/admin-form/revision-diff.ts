import type { ResourceDefinition } from '../content/model/define';
import type { Field } from '../content/model/fields';
import { writableCommonFields } from '../content/model/validation';
import type { WireLanguage } from '../i18n/languages';
import { formatReadOnly } from './format';

/** One field that differs between two states of a row, both sides as readable text. */
export interface FieldChange {
  key: string;
  label: string;
  before: string;
  after: string;
}

/** Rich text read as words: tags dropped, entities of the sanitiser's output turned back, spaces folded. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h\d|\/li|\/div)[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A field's value as readable text: rich text as its words, choices by label, references by id. */
export function readable(f: Field, value: unknown, language: WireLanguage, words: { yes: string; no: string }): string {
  if (f.kind === 'richtext' && typeof value === 'string') return plainText(value);
  if (f.kind === 'files' && Array.isArray(value)) return value.join(', ');
  if (f.kind === 'reference' && value !== null && value !== undefined) return `#${String(value)}`;
  return formatReadOnly(f, value, language, words);
}

/** The fields a revision is compared on: the writable common columns and every shown field. */
function comparedFields(definition: ResourceDefinition): [string, Field][] {
  return [...Object.entries(writableCommonFields(definition)), ...Object.entries(definition.fields)].filter(
    ([, f]) => !f.hidden && !f.virtual,
  );
}

/**
 * What restoring `revision` would change in `current`, field by field, in the field order of the
 * form: rich text compared and shown as its words, choices by label, references by id.
 */
export function revisionDiff(
  definition: ResourceDefinition,
  current: Record<string, unknown>,
  revision: Record<string, unknown>,
  language: WireLanguage,
  words: { yes: string; no: string },
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [key, f] of comparedFields(definition)) {
    const before = readable(f, current[key], language, words);
    const after = readable(f, revision[key], language, words);
    if (before !== after) changes.push({ key, label: f.label[language], before, after });
  }
  return changes;
}
