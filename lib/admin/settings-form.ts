import type { Field, Label } from '../content/model/fields';

/**
 * The web settings form's fields as plain data. The settings' definition (lib/content/storage/settings.ts)
 * sits beside their database code, so the server page reads it and hands the browser this view.
 */
export interface SettingsFieldView {
  key: string;
  kind: Field['kind'];
  label: Label;
  max?: number;
  min?: number;
  format?: 'email' | 'emails' | 'url';
  /** An HTML `pattern` (the field's RegExp source). */
  pattern?: string;
  /**
   * The only values a text field takes, when its pattern is a list of words (`^(none|admins|everyone)$`): offered as a
   * list.
   */
  choices?: string[];
}

const wordList = /^\^\(([a-z]+(?:\|[a-z]+)+)\)\$$/;

export function settingsFieldViews(fields: Record<string, Field>): SettingsFieldView[] {
  return Object.entries(fields).flatMap(([key, f]): SettingsFieldView[] => {
    if (f.hidden || f.readOnly) return [];
    const view: SettingsFieldView = { key, kind: f.kind, label: f.label };
    if ('max' in f && f.max !== undefined) view.max = f.max;
    if ('min' in f && f.min !== undefined) view.min = f.min;
    if ('format' in f && f.format) view.format = f.format;
    if ('pattern' in f && f.pattern) view.pattern = f.pattern.source;
    const words = view.pattern && wordList.exec(view.pattern);
    if (words) view.choices = words[1].split('|');
    return [view];
  });
}
