import type { Field } from '@/lib/content/model/fields';
import type { WireLanguage } from '@/lib/i18n/languages';

/** `1.5 MB`, `320 KB`, `12 bytes` / `12 位元組`: an attachment's size as people read it. */
export function formatFileSize(bytes: number, language: WireLanguage): string {
  const locale = language === 'tw' ? 'zh-TW' : 'en';
  if (bytes < 1024)
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(bytes);
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'kilobyte'] : [bytes / 1024 / 1024, 'megabyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(
    value,
  );
}

/** A short name of the file's kind, from its extension or else its media type: `PDF`, `PNG`, `DOCX`. */
export function fileKind(name: string, mediaType: string): string {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1];
  if (extension) return extension.toUpperCase();
  const subtype = mediaType.split('/')[1] ?? mediaType;
  return subtype.replace(/^x-/, '').toUpperCase();
}

/**
 * A server-kept value (click counts, last sign-in) as text: wire dates with a space, choices by
 * their label, booleans as the given words; nothing is an empty string.
 */
export function formatReadOnly(
  f: Field,
  value: unknown,
  language: WireLanguage,
  words: { yes: string; no: string },
): string {
  if (value === null || value === undefined || value === '') return '';
  switch (f.kind) {
    case 'boolean':
      return value === true ? words.yes : words.no;
    case 'datetime':
      return String(value).replace('T', ' ');
    case 'choice':
    case 'text':
      return f.choices?.find((c) => c.value === value)?.label[language] ?? String(value);
    case 'files':
      return Array.isArray(value) ? String(value.length) : '';
    default:
      return String(value);
  }
}
