import 'server-only';
import { config } from '../../../config';
import type { WireLanguage } from '../../../i18n/languages';
import { translate } from '../../../i18n/messages';
import type { Cell } from '../../../sheets/cells';
import { requireAccess, type Actor } from '../../model/actor';
import { askedFields, registrantDefinition } from '../../model/registration';
import { fromWireDateTime } from '../../model/wire-dates';
import { recordAudit } from '../../storage/audit';
import { formatOf, sheetInstant, type SheetFile } from '../export';
import type { Activity } from './shared';
import { rosterRows } from './roster';

/* The roster as a spreadsheet: apart from the sign-ups' operations, which the content hooks call. */

/** The roster's column labels in the language: the registrant fields, then status, check-in and sign-up times. */
function rosterColumns(language: WireLanguage, activity: Activity): { key: string; label: string }[] {
  const label = (key: string) => translate(language, `admin.registrations.columns.${key}`);
  const fieldLabel = (key: keyof typeof registrantDefinition.fields) =>
    registrantDefinition.fields[key].label[language];
  return [
    { key: 'code', label: label('code') },
    { key: 'name', label: fieldLabel('name') },
    { key: 'email', label: fieldLabel('email') },
    { key: 'seats', label: fieldLabel('seats') },
    ...askedFields(activity.askFields).map(({ name }) => ({ key: name, label: fieldLabel(name) })),
    { key: 'status', label: label('status') },
    { key: 'attendedAt', label: label('attendedAt') },
    { key: 'createdAt', label: label('createdAt') },
  ];
}

/** `POST /api/webactivity/registrations/export/{id}`: the roster a filter selects as CSV or XLSX (staff), recorded. */
export async function exportRoster(
  actor: Actor,
  idParam: string | undefined,
  body: Record<string, unknown>,
): Promise<SheetFile> {
  requireAccess(actor, 'user');
  const { format, request } = formatOf(body);
  const { activity, rows } = await rosterRows(actor, idParam, request);
  const language = actor.language;
  await recordAudit(actor, {
    action: 'export',
    resource: 'registration',
    rowId: activity.id,
    summary: `${activity.title}: ${rows.length}`,
  });
  const columns = rosterColumns(language, activity);
  const timeZone = config().siteTimeZone;
  const instant = (value: unknown) =>
    typeof value === 'string' && value ? sheetInstant(fromWireDateTime(value, timeZone)!) : null;
  async function* cells(): AsyncGenerator<Cell[]> {
    for (const row of rows) {
      yield columns.map(({ key }) => {
        if (key === 'status') return translate(language, `admin.registrations.status.${row.status}`);
        if (key === 'attendedAt' || key === 'createdAt') return instant(row[key]);
        if (key === 'seats') return row.seats;
        return String(row[key] ?? '');
      });
    }
  }
  return {
    format,
    title: `${translate(language, 'admin.registrations.title')} ${activity.title}`.slice(0, 31),
    columns: columns.map((c) => c.label),
    rows: cells(),
  };
}
