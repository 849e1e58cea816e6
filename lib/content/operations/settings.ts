import 'server-only';
import { config } from '../../config';
import { isSignedIn, requireAccess, type Actor } from '../model/actor';
import { invalidFields } from '../model/errors';
import { validateInput } from '../model/validation';
import { toWireDateTime } from '../model/wire-dates';
import websetting, { localizedSettingFields } from '../resources/websetting';
import { recordAudit } from '../storage/audit';
import { uploadsExist } from '../storage/row-reads';
import * as settings from '../storage/settings';
import { parseReviewCycles } from './reviews';

/**
 * The web settings' operations (`websetting/webinfo`, docs/api.md), as any resource's go: access,
 * validation, the write, the audit record; storage keeps the documents and drops what the cache
 * holds of them.
 */

/**
 * The actor's language's settings merged with the shared ones. Anyone may read them (the public layout needs
 * the name, contact details and analytics id); the private ones (staff addresses, policies, the
 * legacy visit count) only signed-in readers.
 */
export async function readSettings(actor: Actor): Promise<settings.WebInfo> {
  requireAccess(actor, 'public');
  return settings.readWebInfo(actor.language, { includePrivate: isSignedIn(actor) });
}

/**
 * Admins save any subset of the fields: per-language ones for their language, shared ones for both.
 * Unknown and derived keys (`lang`, `logoUrl`) are ignored, so a form may send back what it read.
 * Answers the settings as read after the save.
 */
export async function saveSettings(actor: Actor, body: Record<string, unknown>): Promise<settings.WebInfo> {
  requireAccess(actor, 'admin');
  const { language } = actor;
  const { values, issues } = validateInput(websetting, body, 'update', language, config().siteTimeZone);
  if (issues.length) throw invalidFields(issues);
  if (typeof values.logo === 'string' && (await uploadsExist([values.logo])).length) {
    const label = localizedSettingFields.logo.label[language];
    throw invalidFields([{ field: 'logo', key: 'unknownUpload', values: { field: label, value: values.logo } }]);
  }
  // The review cycles are an object (months per resource), checked apart from the form's fields.
  if (body.reviewCycles !== undefined) values.reviewCycles = parseReviewCycles(body.reviewCycles);
  await settings.saveWebInfo(language, values, actor.account?.id ?? null);
  await recordAudit(actor, { action: 'settings', resource: websetting.name, summary: Object.keys(values).join(', ') });
  return settings.readWebInfo(language, { includePrivate: true });
}

export type CounterName = 'visit' | 'old' | 'accessible';

/**
 * A visit counter: `visit` and `accessible` count a visitor's visit (not staff's, not a HEAD),
 * `old` is the previous website's count, never counted. With the site's last content update (the
 * wire form, null while there is no content).
 */
export async function visitCount(
  actor: Actor,
  counter: CounterName,
  options: { count: boolean },
): Promise<{ count: number; date: string | null }> {
  requireAccess(actor, 'public');
  const count =
    counter === 'old'
      ? await settings.legacyVisitCount()
      : options.count && !isSignedIn(actor)
        ? await settings.incrementCounter(counter)
        : await settings.readCounter(counter);
  const updated = await settings.lastContentUpdate();
  return { count, date: updated ? toWireDateTime(updated, config().siteTimeZone) : null };
}
