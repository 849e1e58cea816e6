import { ContentError } from '../../content/model/errors';
import { consentForms, type ConsentForm } from '../../content/model/newsletter';
import * as newsletter from '../../content/operations/newsletter';
import { parseWireLanguage, type WireLanguage } from '../../i18n/languages';
import { newsletterPaths, newsletterTokenPath } from '../../routing/personal';
import { sitePath, type Query } from '../../routing/site';
import type { RequestContext } from '../context';
import { requireAccess } from '../../content/model/actor';
import { inviteFromSheet } from '../../content/operations/newsletter-subscribers';
import { MAX_IMPORT_ROWS, readSheet } from '../../sheets/read';
import { ApiError, badRequest, formatBytes } from '../errors';
import { json, readBody, readFormData, readJsonObject, type ApiRequest } from '../http';
import { MAX_IMPORT_BYTES } from './import';

/**
 * The newsletter's calls that visitors make without a session (docs/api.md, Newsletter): each takes
 * JSON from an API client or a form post (`application/x-www-form-urlencoded`) from the site's
 * script-free forms and a mail client's one-click unsubscribe. A form post is answered with a 303 to
 * the page that tells the outcome; JSON with JSON.
 */

const FORM_LIMIT = 16 * 1024;

const isFormPost = (request: ApiRequest) =>
  (request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

async function readForm(request: ApiRequest): Promise<URLSearchParams> {
  return new URLSearchParams(Buffer.from(await readBody(request, FORM_LIMIT)).toString('utf8'));
}

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

/** Where a form post's language comes from: its `lang` field (a form sends no Web-Language header). */
const formLanguage = (form: URLSearchParams, fallback: WireLanguage) =>
  form.has('lang') ? parseWireLanguage(form.get('lang')) : fallback;

/**
 * `POST newsletter/subscribe`: `{email, topics, captcha}` → `{pending: true}`. As a form post
 * (fields `email`, `topics` once per box, `form`, `lang`, `captcha`), the answer is a 303 to
 * `/{lang}/newsletter` with `?pending=1`, or with the problem (`?problem=email|topics|memberTopic|captcha|rate`)
 * and the typed address so the page can show the form again.
 */
export async function subscribe(context: RequestContext): Promise<Response> {
  if (!isFormPost(context.request)) {
    const body = await readJsonObject(context.request);
    return json(await newsletter.subscribe(context.actor, body, 'api'));
  }
  const form = await readForm(context.request);
  const language = formLanguage(form, context.language);
  const actor = { ...context.actor, language };
  const formName = consentForms.find((name) => name === form.get('form') && name !== 'import') ?? 'page';
  const input = { email: form.get('email') ?? '', topics: form.getAll('topics'), captcha: form.get('captcha') ?? '' };
  try {
    await newsletter.subscribe(actor, input, formName as ConsentForm);
    return seeOther(sitePath(language, newsletterPaths.signUp, { pending: 1 }));
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    const problem =
      error.kind === 'tooMany'
        ? 'rate'
        : error.key === 'captchaFailed'
          ? 'captcha'
          : error.issues[0]?.key === 'newsletterMemberTopic'
            ? 'memberTopic'
            : (error.issues[0]?.field ?? 'email');
    const query = new URLSearchParams({ problem, email: input.email.slice(0, 254) });
    for (const topic of input.topics) query.append('topics', topic);
    return seeOther(sitePath(language, `${newsletterPaths.signUp}?${query}#newsletter-form`));
  }
}

/**
 * `POST newsletter/confirm`: `{token}` → `{confirmed}`; a form post → 303 to the manage page, or back to the confirm
 * page when the link is invalid.
 */
export async function confirm(context: RequestContext): Promise<Response> {
  const formPost = isFormPost(context.request);
  const input = formPost ? Object.fromEntries(await readForm(context.request)) : await readJsonObject(context.request);
  const subscriber = await newsletter.confirmSubscription(input.token);
  if (formPost) {
    // Confirmed: on to the subscriber's own page, which says so and offers the topics and language.
    if (subscriber) {
      const manage = newsletterTokenPath('manage', subscriber.token, { done: 'confirmed' });
      return seeOther(sitePath(parseWireLanguage(subscriber.lang), manage));
    }
    return seeOther(sitePath(parseWireLanguage(String(input.lang ?? '')), newsletterPaths.confirm, { invalid: 1 }));
  }
  return json({ confirmed: subscriber !== null });
}

/**
 * `GET newsletter/unsubscribe?token=…` (a person or a mail scanner opening the link) changes nothing:
 * a 303 to the page with one button. `POST` of `List-Unsubscribe=One-Click` (RFC 8058: no cookie, no
 * XSRF header, no captcha) unsubscribes at once and answers 200; the page's own button adds
 * `page=1` and is sent on to the manage page.
 */
export async function unsubscribe(context: RequestContext): Promise<Response> {
  const token = context.searchParams.get('token') ?? '';
  if (context.method === 'GET' || context.method === 'HEAD') {
    const subscriber = await newsletter.subscriberByToken(token);
    const language = subscriber ? parseWireLanguage(subscriber.lang) : context.language;
    return seeOther(sitePath(language, newsletterTokenPath('unsubscribe', token)));
  }
  const form = isFormPost(context.request) ? await readForm(context.request) : new URLSearchParams();
  const subscriber = await newsletter.unsubscribe(token || form.get('token'));
  if (form.get('page') === '1') {
    const manage = newsletterTokenPath('manage', subscriber.token, { done: 'unsubscribed' });
    return seeOther(sitePath(parseWireLanguage(subscriber.lang), manage));
  }
  return json({ unsubscribed: true });
}

/**
 * `POST newsletter/manage?token=…`: `{topics, lang}` → the subscription `{email, topics, lang,
 * status}`; a form post → 303 back to the manage page.
 */
export async function manage(context: RequestContext): Promise<Response> {
  const token = context.searchParams.get('token') ?? '';
  if (!isFormPost(context.request)) {
    const row = await newsletter.updateSubscription(token, await readJsonObject(context.request));
    return json({ email: row.email, topics: row.topics, lang: row.lang, status: row.status });
  }
  const form = await readForm(context.request);
  const input = { topics: form.getAll('topics'), lang: form.get('lang') };
  const back = (query: Query) => seeOther(sitePath(context.language, newsletterTokenPath('manage', token, query)));
  try {
    const row = await newsletter.updateSubscription(token, input);
    return seeOther(sitePath(parseWireLanguage(row.lang), newsletterTokenPath('manage', token, { done: 'saved' })));
  } catch (error) {
    if (error instanceof ContentError && error.kind === 'invalid') return back({ problem: 'topics' });
    throw error;
  }
}

/** `GET newsletter/manage?token=…`: the subscription the token names (for API clients). */
export async function subscription(context: RequestContext): Promise<Response> {
  const row = await newsletter.subscriberByToken(context.searchParams.get('token'));
  if (!row) throw new ContentError('notFound', 'notFound');
  return json({ email: row.email, topics: row.topics, lang: row.lang, status: row.status });
}

/** `POST newsletter/import` (multipart `file`): invitations only, read as the other imports read sheets. */
export async function importInvitations(context: RequestContext): Promise<Response> {
  requireAccess(context.actor, 'admin');
  const tooLarge = () => new ApiError(413, 'importTooLarge', { limit: formatBytes(MAX_IMPORT_BYTES) });
  const form = await readFormData(context.request, MAX_IMPORT_BYTES, tooLarge);
  const file = form?.get('file');
  if (!form || !file || typeof file === 'string') throw badRequest('importFileMissing');
  const table = await readSheet(new Uint8Array(await file.arrayBuffer()));
  if (typeof table === 'string') throw badRequest(table, { max: MAX_IMPORT_ROWS });
  return json(await inviteFromSheet(context.actor, table));
}
