import { config } from '../../config';
import { uploadsExist } from '../../content/storage/row-reads';
import * as settings from '../../content/storage/settings';
import { validateInput } from '../../content/model/validation';
import { toWireDateTime } from '../../content/model/wire-dates';
import { isSignedIn, requireAccess } from '../../content/model/actor';
import { recordAudit } from '../../content/storage/audit';
import { parseReviewCycles } from '../../content/operations/reviews';
import type { RequestContext } from '../context';
import { validationError } from '../errors';
import { json, readJsonObject } from '../http';

/**
 * `websetting/webinfo` GET/POST and the visit counters (docs/api.md). The data lives in
 * lib/content/storage/settings.ts; these handlers add roles, validation and the wire form.
 */

/**
 * GET → the request language's settings merged with the shared ones. Anyone may read them (the
 * public layout needs the name, contact details and analytics id); the legacy visit count is for
 * signed-in readers only (visitors read it through `oldvisitcount`).
 */
export async function getWebInfo(context: RequestContext): Promise<Response> {
  requireAccess(context.actor, 'public');
  return json(await settings.readWebInfo(context.language, { includePrivate: isSignedIn(context.actor) }));
}

/**
 * POST (Admins) with any subset of the fields: per-language ones are saved for the request's
 * language, shared ones for both. Unknown and derived keys (`lang`, `logoUrl`) are ignored, so the
 * form may send back what GET returned. Answers as GET does.
 */
export async function saveWebInfo(context: RequestContext): Promise<Response> {
  requireAccess(context.actor, 'admin');
  const body = await readJsonObject(context.request);
  const { values, issues } = validateInput(
    settings.settingsDefinition,
    body,
    'update',
    context.language,
    config().siteTimeZone,
  );
  if (issues.length) throw validationError(context.language, issues);
  if (typeof values.logo === 'string' && (await uploadsExist([values.logo])).length) {
    const label = settings.localizedSettingFields.logo.label[context.language];
    throw validationError(context.language, [
      { field: 'logo', key: 'unknownUpload', values: { field: label, value: values.logo } },
    ]);
  }
  // The review cycles are an object (months per resource), checked apart from the form's fields.
  if (body.reviewCycles !== undefined) values.reviewCycles = parseReviewCycles(body.reviewCycles);
  await settings.saveWebInfo(context.language, values, context.actor.account?.id ?? null);
  await recordAudit(context.actor, {
    action: 'settings',
    resource: 'websetting',
    summary: Object.keys(values).join(', '),
  });
  return json(await settings.readWebInfo(context.language, { includePrivate: true }));
}

export type CounterName = 'visit' | 'old' | 'accessible';

/**
 * `visitcount` and `accessiblevisitcount` count one visit and answer `{count, date}`; `oldvisitcount`
 * answers the legacy count from the settings without counting. `date` is the site's last content
 * update in the wire form (null while there is no content). A HEAD request counts nothing.
 */
export async function visitCount(context: RequestContext, counter: CounterName): Promise<Response> {
  requireAccess(context.actor, 'public');
  const count =
    counter === 'old'
      ? await settings.legacyVisitCount()
      : // The back office (signed in) shows the counters; only visitors' calls count a visit.
        context.method === 'HEAD' || isSignedIn(context.actor)
        ? await settings.readCounter(counter)
        : await settings.incrementCounter(counter);
  const updated = await settings.lastContentUpdate();
  return json({ count, date: updated ? toWireDateTime(updated, config().siteTimeZone) : null });
}
