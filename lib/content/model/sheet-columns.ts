import { traits, type ResourceDefinition } from './define';
import { field, type Field } from './fields';
import { writableCommonFields } from './validation';

/** One column of a resource's spreadsheet export: the row's key and the field that labels and formats it. */
export interface SheetColumn {
  key: string;
  field: Field;
}

const ID_FIELD = field.integer(['編號', 'ID']);

/** The common fields in the order the form shows them, after the resource's own. */
const COMMON_ORDER = ['publishAt', 'unpublishAt', 'isVisible', 'audience', 'translationId'];

/**
 * The columns of a back-office export: the id, then every field the resource's form shows when
 * editing (docs/back-office-form.md), in the form's order. Passwords have no stored value and are
 * never exported; the counterpart link only where the form offers one (content shown on the site).
 */
export function sheetColumns(definition: ResourceDefinition): SheetColumn[] {
  const own = Object.entries(definition.fields)
    .filter(([, f]) => !f.hidden && !f.virtual && f.kind !== 'password')
    .map(([key, f]) => ({ key, field: f }));
  const common = writableCommonFields(definition);
  const shown = COMMON_ORDER.filter(
    (key) => key in common && (key !== 'translationId' || traits(definition).visibility),
  ).map((key) => ({ key, field: common[key] }));
  return [{ key: 'id', field: ID_FIELD }, ...own, ...shown];
}

/**
 * The columns of an open dataset: the id, the fields visitors see, and the publication date where
 * the resource has one (never the back office's own columns: visibility, counterparts, editors).
 */
export function openDataColumns(definition: ResourceDefinition): SheetColumn[] {
  const own = Object.entries(definition.fields)
    .filter(([, f]) => !f.hidden && !f.virtual && f.kind !== 'password' && f.public !== false)
    .map(([key, f]) => ({ key, field: f }));
  const window = traits(definition).window
    ? [{ key: 'publishAt', field: writableCommonFields(definition).publishAt }]
    : [];
  return [{ key: 'id', field: ID_FIELD }, ...own, ...window];
}
