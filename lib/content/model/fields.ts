import { sections, type SectionList } from './sections';

/**
 * Field builders for resource definitions. A field says what a value is (its type, bounds, who sees
 * it); the schema, validation, API, back-office forms and public pages all read the same object.
 */
export interface Label {
  tw: string;
  en: string;
}

interface FieldCommon {
  label: Label;
  /** Must be present and non-empty on add. */
  required?: boolean;
  /** Returned to anonymous readers (public site). Default true. */
  public?: boolean;
  /** Never returned by the API (secrets such as password hashes). */
  hidden?: boolean;
  /** Not accepted from clients; the server maintains it (click counts, lock times). */
  readOnly?: boolean;
  /** Validated and handed to hooks but not stored (a password before hashing). */
  virtual?: boolean;
  /** Included in keyword search. */
  searchable?: boolean;
  /** May be used as `sort` in getlist. Default true for scalar fields. */
  sortable?: boolean;
  /** Shown as a column in back-office lists. */
  listed?: boolean;
  /** No two rows may share the value (case-insensitive for text). */
  unique?: boolean;
  /** A Member of the row's institution may propose a change to it (the member area; staff approve it). */
  memberEditable?: boolean;
}

interface TextField extends FieldCommon {
  kind: 'text' | 'longtext' | 'password';
  max: number;
  min?: number;
  pattern?: RegExp;
  /** `emails`: a comma-separated list of e-mail addresses. */
  format?: 'email' | 'emails' | 'url';
  /** The only values allowed (the form offers them in a select), and the one a blank stands for. */
  choices?: readonly { value: string; label: Label }[];
  defaultValue?: string;
}
interface RichTextField extends FieldCommon {
  kind: 'richtext';
  max: number;
}
interface IntegerField extends FieldCommon {
  kind: 'integer';
  min?: number;
  max?: number;
  defaultValue?: number;
}
interface BooleanField extends FieldCommon {
  kind: 'boolean';
  defaultValue: boolean;
}
interface DateTimeField extends FieldCommon {
  kind: 'datetime' | 'date';
}
export interface ReferenceField extends FieldCommon {
  kind: 'reference';
  /** Name of the resource this id points to (same language). */
  resource: string;
  /** Staff's reads carry the referenced row's title beside the id, as `{field}Title` (an account's institution). */
  titled?: boolean;
}
export interface ChoiceField extends FieldCommon {
  kind: 'choice';
  choices: readonly { value: number; label: Label }[];
  defaultValue: number;
  /** The fixed list of lib/content/model/sections.ts the choices come from, if any. */
  section?: SectionList;
}
interface UploadField extends FieldCommon {
  kind: 'image' | 'files';
}

export type Field =
  TextField | RichTextField | IntegerField | BooleanField | DateTimeField | ReferenceField | ChoiceField | UploadField;

type Options<F> = Omit<F, 'kind' | 'label'>;
type LabelArg = Label | [tw: string, en: string];

function label(value: LabelArg): Label {
  return Array.isArray(value) ? { tw: value[0], en: value[1] } : value;
}

export const field = {
  text: (l: LabelArg, o: Partial<Options<TextField>> = {}): TextField => ({
    kind: 'text',
    label: label(l),
    max: 200,
    ...o,
  }),
  longtext: (l: LabelArg, o: Partial<Options<TextField>> = {}): TextField => ({
    kind: 'longtext',
    label: label(l),
    max: 4000,
    sortable: false,
    ...o,
  }),
  email: (l: LabelArg, o: Partial<Options<TextField>> = {}): TextField => ({
    kind: 'text',
    label: label(l),
    max: 254,
    format: 'email',
    ...o,
  }),
  /** Several e-mail addresses, comma-separated (stored as `a@x.org, b@y.org`). */
  emails: (l: LabelArg, o: Partial<Options<TextField>> = {}): TextField => ({
    kind: 'text',
    label: label(l),
    max: 1000,
    format: 'emails',
    sortable: false,
    ...o,
  }),
  url: (l: LabelArg, o: Partial<Options<TextField>> = {}): TextField => ({
    kind: 'text',
    label: label(l),
    max: 2000,
    format: 'url',
    sortable: false,
    ...o,
  }),
  password: (l: LabelArg, o: Partial<Options<TextField>> = {}): TextField & { kind: 'password'; virtual: true } => ({
    kind: 'password',
    label: label(l),
    min: 8,
    max: 200,
    sortable: false,
    ...o,
    virtual: true,
  }),
  richtext: (l: LabelArg, o: Partial<Options<RichTextField>> = {}): RichTextField => ({
    kind: 'richtext',
    label: label(l),
    max: 500_000,
    sortable: false,
    ...o,
  }),
  integer: (l: LabelArg, o: Partial<Options<IntegerField>> = {}): IntegerField => ({
    kind: 'integer',
    label: label(l),
    ...o,
  }),
  boolean: (l: LabelArg, o: Partial<Options<BooleanField>> = {}): BooleanField => ({
    kind: 'boolean',
    label: label(l),
    defaultValue: false,
    ...o,
  }),
  datetime: (l: LabelArg, o: Partial<Options<DateTimeField>> = {}): DateTimeField & { kind: 'datetime' } => ({
    kind: 'datetime',
    label: label(l),
    ...o,
  }),
  date: (l: LabelArg, o: Partial<Options<DateTimeField>> = {}): DateTimeField & { kind: 'date' } => ({
    kind: 'date',
    label: label(l),
    ...o,
  }),
  reference: (resource: string, l: LabelArg, o: Partial<Options<ReferenceField>> = {}): ReferenceField => ({
    kind: 'reference',
    resource,
    label: label(l),
    ...o,
  }),
  choice: (choices: ChoiceField['choices'], l: LabelArg, o: Partial<Options<ChoiceField>> = {}): ChoiceField => ({
    kind: 'choice',
    choices,
    label: label(l),
    defaultValue: choices[0].value,
    ...o,
  }),
  /** A choice from one of the fixed lists in sections.ts (board, committee, page…). */
  section: (list: SectionList, l: LabelArg, o: Partial<Options<ChoiceField>> = {}): ChoiceField => ({
    kind: 'choice',
    section: list,
    choices: sections[list].map(({ value, label: sectionLabel }) => ({ value, label: sectionLabel })),
    label: label(l),
    defaultValue: sections[list][0].value,
    required: true,
    ...o,
  }),
  image: (l: LabelArg, o: Partial<Options<UploadField>> = {}): UploadField & { kind: 'image' } => ({
    kind: 'image',
    label: label(l),
    sortable: false,
    ...o,
  }),
  files: (l: LabelArg, o: Partial<Options<UploadField>> = {}): UploadField & { kind: 'files' } => ({
    kind: 'files',
    label: label(l),
    sortable: false,
    ...o,
  }),
};

export function isSortable(f: Field): boolean {
  if (f.virtual || f.hidden) return false;
  if (f.sortable !== undefined) return f.sortable;
  return !['richtext', 'longtext', 'image', 'files', 'password'].includes(f.kind);
}
