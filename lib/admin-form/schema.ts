import { z } from 'zod';
import type { ResourceDefinition } from '@/lib/content/model/define';
import { validateInput } from '@/lib/content/model/validation';
import type { WireLanguage } from '@/lib/i18n/languages';
import { translate } from '@/lib/i18n/messages';
import type { FormField, FormMode } from './fields';
import { toPayload, type FormValues } from './values';

interface FieldError {
  field: string;
  message: string;
}

/**
 * Checks form values with the server's own rules: the body the form would send goes through
 * `validateInput` (the zod schemas of lib/content/model/validation.ts), and each issue is worded from the
 * same `api` messages the server answers with, so the browser and the API say the same thing.
 * Only what needs the database (unique values, existing references) is left to the server.
 */
export function validateForm(
  definition: ResourceDefinition,
  fields: readonly FormField[],
  values: FormValues,
  mode: FormMode,
  language: WireLanguage,
): FieldError[] {
  const payload = toPayload(fields, values, mode);
  // The time zone only matters for turning the text into an instant; validity is the same in any zone.
  const { issues } = validateInput(definition, payload, mode, language, 'UTC');
  const errors = issues.map((issue) => ({
    field: issue.field,
    message: translate(language, `api.${issue.key}`, issue.values),
  }));
  const { publishAt, unpublishAt } = payload;
  // Both are `YYYY-MM-DDTHH:mm:ss`, so text order is time order.
  if (
    typeof publishAt === 'string' &&
    typeof unpublishAt === 'string' &&
    unpublishAt <= publishAt &&
    !errors.some((e) => e.field === 'unpublishAt')
  ) {
    errors.push({ field: 'unpublishAt', message: translate(language, 'api.windowOrder') });
  }
  return errors;
}

/** The zod schema react-hook-form validates with (through `zodResolver`): one issue per field error. */
export function formSchema(
  definition: ResourceDefinition,
  fields: readonly FormField[],
  options: { mode: FormMode; language: WireLanguage },
) {
  return z
    .custom<FormValues>((value) => typeof value === 'object' && value !== null && !Array.isArray(value))
    .superRefine((values, context) => {
      for (const error of validateForm(definition, fields, values, options.mode, options.language)) {
        context.addIssue({ code: 'custom', path: [error.field], message: error.message });
      }
    });
}
