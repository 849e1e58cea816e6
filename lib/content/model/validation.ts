import { z } from 'zod';
import { uploadIdPattern } from '../../uploads/id';
import { audienceField } from './audience';
import { traits, type ResourceDefinition } from './define';
import { field as fieldBuilders, type Field, type Label } from './fields';
import type { Issue } from './errors';
import { fromWireDateTime, toWireDate } from './wire-dates';

/** The common columns a client may write, described as fields so they validate like any other. */
export function writableCommonFields(definition: ResourceDefinition): Record<string, Field> {
  const t = traits(definition);
  const common: Record<string, Field> = {};
  if (t.localized) common.translationId = fieldBuilders.reference(definition.name, ['對應語言版本', 'Translation']);
  if (t.visibility) common.isVisible = fieldBuilders.boolean(['顯示', 'Visible'], { defaultValue: true });
  if (t.audience) common.audience = audienceField;
  if (t.window) {
    common.publishAt = fieldBuilders.datetime(['上架時間', 'Publish at']);
    common.unpublishAt = fieldBuilders.datetime(['下架時間', 'Unpublish at']);
  }
  return common;
}

/** Every field a client may send for this resource, common ones first. */
export function inputFields(definition: ResourceDefinition): [string, Field][] {
  return [...Object.entries(writableCommonFields(definition)), ...Object.entries(definition.fields)].filter(
    ([, f]) => !f.readOnly,
  );
}

export { uploadIdPattern };

export const emailPattern = /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/;
const MAX_EMAILS = 20;

/** The addresses of a comma- (or semicolon-) separated list, or null when one is not an address. */
export function emailList(value: string): string[] | null {
  const addresses = value
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);
  return addresses.length <= MAX_EMAILS && addresses.every((address) => emailPattern.test(address)) ? addresses : null;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Numbers may come as digit strings from forms. */
const integerLike = (v: unknown) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim()) ? Number(v) : v);
const booleanLike = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : v);

function schemaFor(f: Field, timeZone: string): z.ZodType {
  switch (f.kind) {
    case 'text':
    case 'longtext':
    case 'password':
    case 'richtext': {
      let s = z.string({ error: 'notText' }).max(f.max, { error: 'tooLong' });
      if ('min' in f && f.min) s = s.min(f.min, { error: 'tooShort' });
      if ('format' in f && f.format === 'email') s = s.regex(emailPattern, { error: 'notEmail' });
      if ('format' in f && f.format === 'url') s = s.regex(/^https?:\/\/[^\s<>"]+$/i, { error: 'notUrl' });
      if ('pattern' in f && f.pattern) s = s.regex(f.pattern, { error: 'badPattern' });
      const choices = 'choices' in f ? f.choices : undefined;
      if (choices) {
        return z.preprocess(
          (v) => (typeof v === 'string' ? v.trim() : v),
          z.string({ error: 'notChoice' }).refine((v) => choices.some((c) => c.value === v), { error: 'notChoice' }),
        );
      }
      if ('format' in f && f.format === 'emails') {
        return z.preprocess(
          (v) => (typeof v === 'string' ? v.trim() : v),
          s.refine((v) => emailList(v) !== null, { error: 'notEmailList' }).transform((v) => emailList(v)!.join(', ')),
        );
      }
      return f.kind === 'password' || f.kind === 'richtext'
        ? s
        : z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), s);
    }
    case 'integer': {
      const n = z
        .number({ error: 'notInteger' })
        .int({ error: 'notInteger' })
        .min(f.min ?? -2147483648, { error: 'tooSmall' })
        .max(f.max ?? 2147483647, { error: 'tooLarge' });
      return z.preprocess(integerLike, n);
    }
    case 'reference':
      return z.preprocess(
        integerLike,
        z
          .number({ error: 'notInteger' })
          .int({ error: 'notInteger' })
          .min(1, { error: 'notInteger' })
          .max(2147483647, { error: 'notInteger' }),
      );
    case 'choice':
      return z.preprocess(
        integerLike,
        z.number({ error: 'notChoice' }).refine((v) => f.choices.some((c) => c.value === v), { error: 'notChoice' }),
      );
    case 'boolean':
      return z.preprocess(booleanLike, z.boolean({ error: 'notBoolean' }));
    case 'datetime':
      return z.string({ error: 'notDateTime' }).transform((v, ctx) => {
        const instant = fromWireDateTime(v, timeZone);
        if (!instant) {
          ctx.addIssue({ code: 'custom', message: 'notDateTime' });
          return z.NEVER;
        }
        return instant;
      });
    case 'date':
      return z.string({ error: 'notDate' }).transform((v, ctx) => {
        const date = toWireDate(v);
        if (!date) {
          ctx.addIssue({ code: 'custom', message: 'notDate' });
          return z.NEVER;
        }
        return date;
      });
    case 'image':
      return z.string({ error: 'notUploadList' }).regex(uploadIdPattern, { error: 'notUploadList' });
    case 'files':
      return z
        .array(z.string({ error: 'notUploadList' }).regex(uploadIdPattern, { error: 'notUploadList' }), {
          error: 'notUploadList',
        })
        .max(50, { error: 'notUploadList' });
  }
}

function issueValues(f: Field, label: Label, language: 'tw' | 'en', value: unknown): Issue['values'] {
  return {
    field: label[language],
    max: 'max' in f && f.max !== undefined ? f.max : '',
    min: 'min' in f && f.min !== undefined ? f.min : '',
    value: typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 100) : '',
  };
}

/**
 * Checks a body against the resource's fields. On add, required fields must be present; on update,
 * absent fields keep their stored value. Unknown and read-only keys are ignored (clients send back
 * whole rows). Returns clean values (dates as Date, trimmed text, null for blanks) or the issues.
 */
export function validateInput(
  definition: ResourceDefinition,
  body: Record<string, unknown>,
  mode: 'add' | 'update',
  language: 'tw' | 'en',
  timeZone: string,
): { values: Record<string, unknown>; issues: Issue[] } {
  const values: Record<string, unknown> = {};
  const issues: Issue[] = [];
  for (const [key, f] of inputFields(definition)) {
    const present = Object.prototype.hasOwnProperty.call(body, key);
    const raw = body[key];
    if (!present && mode === 'update') continue;
    // An edit form sends an empty password to mean "keep the current one".
    if (f.kind === 'password' && mode === 'update' && isBlank(raw)) continue;
    if (isBlank(raw) || (f.kind === 'files' && Array.isArray(raw) && raw.length === 0 && f.required)) {
      if (f.required && (mode === 'add' || present)) {
        issues.push({ field: key, key: 'required', values: issueValues(f, f.label, language, raw) });
      } else if (present || mode === 'add') {
        values[key] =
          f.kind === 'boolean'
            ? f.defaultValue
            : f.kind === 'files'
              ? []
              : f.kind === 'choice'
                ? f.defaultValue
                : (f.kind === 'integer' || f.kind === 'text') && f.defaultValue !== undefined
                  ? f.defaultValue
                  : null;
      }
      continue;
    }
    const result = schemaFor(f, timeZone).safeParse(raw);
    if (result.success) values[key] = result.data;
    else
      issues.push({
        field: key,
        key: result.error.issues[0]?.message ?? 'notText',
        values: issueValues(f, f.label, language, raw),
      });
  }
  return { values, issues };
}
