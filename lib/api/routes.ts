import type { Actor } from '../content/model/actor';
import {
  hasTrash,
  importable,
  keepsHistory,
  readByVisitors,
  traits,
  type CallInput,
  type ResourceCall,
  type ResourceDefinition,
} from '../content/model/define';
import { endpointsFor } from '../content/endpoints';
import { sessionStatus, signIn } from '../content/operations/account';
import * as passkeys from '../content/operations/passkeys';
import * as secondFactor from '../content/operations/second-factor';
import * as accountSessions from '../content/operations/sessions';
import { auditList, exportAudit } from '../content/operations/audit';
import { exportList as exportContent } from '../content/operations/export';
import * as approval from '../content/operations/approval';
import * as editLock from '../content/operations/edit-lock';
import * as reviews from '../content/operations/reviews';
import * as history from '../content/operations/history';
import { mailStatus } from '../content/operations/mail';
import * as media from '../content/operations/media';
import * as memberEntry from '../content/operations/member-entry';
import * as memberContacts from '../content/operations/member-contacts';
import * as memberDues from '../content/operations/member-dues';
import * as memberInvitations from '../content/operations/member-invitations';
import { requestPasswordReset, resetPassword } from '../content/operations/password-reset';
import * as content from '../content/operations/resource';
import { exportRoster } from '../content/operations/registration/export';
import * as ownRegistration from '../content/operations/registration/own-registration';
import webactivity from '../content/resources/webactivity';
import { createPreviewToken } from '../content/auth/preview';
import { allResources } from '../content/model/registry';
import { sectionStampCalls } from '../content/storage/update-times';
import { wireInstant, wirePage, wireRow } from '../content/model/wire';
import { publicRowUrl } from '../public/row-links';
import type { RequestContext } from './context';
import * as account from './handlers/account';
import { sheetAnswer } from './handlers/export';
import { exportSearchQueries, searchQueriesList } from '../content/operations/search-queries';
import { importSheet } from './handlers/import';
import { searchCall, suggestCall } from './handlers/search';
import * as upload from './handlers/upload';
import { readSettings, saveSettings, visitCount } from '../content/operations/settings';
import { json } from './http';
import { newsletterRoutes } from './newsletter-routes';
import { sitePath, withToken } from '../routing/site';

/** A call served by lib/api itself: it needs the request (sign-in, uploads, settings) and answers a Response. */
export type Handler = (context: RequestContext, params: string[]) => Promise<Response>;
/**
 * A content operation: the dispatcher builds the actor and input and sends the result as JSON, or
 * as it is when it is a Response already (an export's file).
 */
type Operation = (actor: Actor, input: CallInput) => Promise<unknown>;

export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below /api/, `:` marks a parameter: `webnews/get/:id`. */
  path: string;
  /** Exempt from the XSRF check (sign-in and the password reset, which have no session to protect yet). */
  noXsrf?: boolean;
  /** The resource a route belongs to, for the OpenAPI document. */
  resource?: ResourceDefinition;
  /** One line for the OpenAPI document. */
  summary?: string;
  /**
   * Changes nothing, and its answer depends only on who asks, the path, query, body and language:
   * a visitor's answer may be kept for a moment (lib/server/api-answers.ts).
   */
  read?: boolean;
} & (
  | { handler: Handler; operation?: never }
  | { operation: Operation; handler?: never; /** Reads a JSON object body first. */ body?: boolean }
);

/** A path's parameters split into the section (when there is one more than the plain form has) and the rest. */
function sectionOf(params: string[], plain: number): { section?: string; rest: string[] } {
  return params.length > plain ? { section: params[0], rest: params.slice(1) } : { rest: params };
}

/** The generic calls of the API (docs/api.md) for one resource, all served by the same operations, plus its own. */
function resourceRoutes(definition: ResourceDefinition): Route[] {
  const name = definition.name;
  const { parents, ordered } = traits(definition);
  const filterPaths = parents.map(
    (_, i) =>
      `${name}/getlist/${parents
        .slice(0, i + 1)
        .map((__, j) => `:p${j}`)
        .join('/')}`,
  );
  const list: Operation = async (actor, { params, query, body }) =>
    wirePage(actor, definition, await content.list(actor, definition, body, { parents: params, filters: query }));
  const get: Operation = async (actor, { params }) => {
    const {
      section,
      rest: [id],
    } = sectionOf(params, 1);
    return wireRow(actor, definition, await content.get(actor, definition, id, section));
  };
  const add: Operation = async (actor, { params: [section], body }) =>
    wireRow(actor, definition, await content.add(actor, definition, body, section));
  const update: Operation = async (actor, { params: [section], body }) =>
    wireRow(actor, definition, await content.update(actor, definition, body, section));
  const remove: Operation = async (actor, { params, query }) => {
    const {
      section,
      rest: [id],
    } = sectionOf(params, 1);
    const removed = await content.remove(actor, definition, id, section, query.get('version'));
    // A User's delete while publishing needs approval only waits for an Admin: say so beside the id.
    return removed.pending ? { id: removed.id, pending: removed.pending } : { id: removed.id };
  };
  const move: Operation = async (actor, { params, query }) => {
    const {
      section,
      rest: [id, position],
    } = sectionOf(params, 2);
    return {
      data: (await content.move(actor, definition, id, position, section, query.get('version'))).map((row) =>
        wireRow(actor, definition, row),
      ),
    };
  };
  const exportList: Operation = async (actor, { params, query, body }) =>
    sheetAnswer(name, await exportContent(actor, definition, body, { parents: params, filters: query }));
  const routes: Route[] = [
    { method: 'POST', path: `${name}/getlist`, body: true, operation: list, read: true },
    ...filterPaths.map((path): Route => ({ method: 'POST', path, body: true, operation: list, read: true })),
    ...[`${name}/export`, ...filterPaths.map((path) => path.replace('/getlist/', '/export/'))].map((path): Route => ({
      method: 'POST',
      path,
      body: true,
      operation: exportList,
      summary: 'Every row the list request selects (all pages) as a CSV or XLSX file',
    })),
    ...(importable(definition)
      ? [
          {
            method: 'POST',
            path: `${name}/import`,
            handler: (context) => importSheet(context, definition),
            summary:
              'Adds or updates rows from a CSV or XLSX file (multipart `file`, `mapping`, `dryRun`): all or nothing',
          } satisfies Route,
        ]
      : []),
    { method: 'GET', path: `${name}/get/:id`, operation: get, read: true },
    { method: 'POST', path: `${name}/add`, body: true, operation: add },
    { method: 'PUT', path: `${name}/update`, body: true, operation: update },
  ];
  if (definition.deletable !== false) routes.push({ method: 'DELETE', path: `${name}/delete/:id`, operation: remove });
  if (traits(definition).visibility) {
    const previewToken: Operation = async (actor, { params: [id] }) => {
      const { token, expiresAt } = await createPreviewToken(actor, definition, id, (row) =>
        publicRowUrl(actor.language, name, row),
      );
      return { url: sitePath(actor.language, withToken('/preview', token)), expiresAt: wireInstant(expiresAt) };
    };
    routes.push({
      method: 'POST',
      path: `${name}/previewtoken/:id`,
      operation: previewToken,
      summary:
        'A link, valid for an hour, that shows the row on its public page even while hidden, scheduled or expired',
    });
    routes.push({
      method: 'POST',
      path: `${name}/duplicate/:id`,
      operation: async (actor, { params: [id] }) =>
        wireRow(actor, definition, await content.duplicate(actor, definition, id)),
      summary: 'Adds a hidden copy of a row',
    });
  }
  if (definition.deletable !== false || traits(definition).visibility) {
    routes.push({
      method: 'POST',
      path: `${name}/bulk`,
      body: true,
      operation: (actor, { body }) => content.bulk(actor, definition, body),
      summary: 'Hides, shows or deletes several rows at once: all or nothing',
    });
  }
  if (ordered) routes.push({ method: 'PUT', path: `${name}/changeorder/:id/:position`, operation: move });
  routes.push(
    {
      method: 'POST',
      path: `${name}/lock/:id`,
      body: true,
      operation: (actor, { params: [id], body }) => editLock.lock(actor, definition, id, body),
      summary: "Takes or renews the row's edit lock (`{takeover: true}` takes it from its holder)",
    },
    {
      method: 'DELETE',
      path: `${name}/lock/:id`,
      operation: (actor, { params: [id] }) => editLock.unlock(actor, definition, id),
      summary: "Releases the caller's edit lock of the row",
    },
  );
  if (definition.sectionInPath) {
    // The same calls with the section id in the path (the page editor's get/{a}/{b}, add/{a}…: docs/api.md).
    routes.push(
      { method: 'GET', path: `${name}/get/:section/:id`, operation: get },
      { method: 'POST', path: `${name}/add/:section`, body: true, operation: add },
      { method: 'PUT', path: `${name}/update/:section`, body: true, operation: update },
    );
    if (definition.deletable !== false)
      routes.push({ method: 'DELETE', path: `${name}/delete/:section/:id`, operation: remove });
    if (ordered) routes.push({ method: 'PUT', path: `${name}/changeorder/:section/:id/:position`, operation: move });
  }
  if (keepsHistory(definition)) routes.push(...historyRoutes(definition));
  if (keepsHistory(definition) && readByVisitors(definition)) routes.push(...reviewRoutes(definition));
  return routes.map((route) => ({ resource: definition, ...route }));
}

/** Revisions and, for deletable resources, the trash (lib/content/operations/history.ts). */
function historyRoutes(definition: ResourceDefinition): Route[] {
  const name = definition.name;
  const revisions: Operation = async (actor, { params: [id] }) => ({
    data: (await history.revisions(actor, definition, id)).map((entry) => ({
      ...entry,
      savedAt: wireInstant(entry.savedAt),
    })),
  });
  const revision: Operation = async (actor, { params: [id, number] }) =>
    wireRow(actor, definition, await history.revision(actor, definition, id, number));
  const restoreRevision: Operation = async (actor, { params: [id, number] }) =>
    wireRow(actor, definition, await history.restoreRevision(actor, definition, id, number));
  const routes: Route[] = [
    {
      method: 'GET',
      path: `${name}/revisions/:id`,
      operation: revisions,
      summary: "The row's saved revisions, newest first",
    },
    {
      method: 'GET',
      path: `${name}/revision/:id/:revision`,
      operation: revision,
      summary: 'The values the row had at one revision',
    },
    {
      method: 'POST',
      path: `${name}/restorerevision/:id/:revision`,
      operation: restoreRevision,
      summary: 'Puts the row back as it was at one revision',
    },
  ];
  if (!hasTrash(definition)) return routes;
  const trash: Operation = async (actor, { body }) => {
    const page = await history.trashList(actor, definition, body);
    return {
      data: page.entries.map((entry) => ({
        ...wireRow(actor, definition, entry.row),
        deletedAt: wireInstant(entry.deletedAt),
        deletedBy: entry.deletedBy,
        deletedByName: entry.deletedByName,
      })),
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
    };
  };
  const restore: Operation = async (actor, { params: [id] }) =>
    wireRow(actor, definition, await history.restore(actor, definition, id));
  routes.push(
    {
      method: 'POST',
      path: `${name}/gettrash`,
      body: true,
      operation: trash,
      summary: 'Deleted rows in the trash, latest deleted first',
    },
    {
      method: 'PUT',
      path: `${name}/restore/:id`,
      operation: restore,
      summary: 'Brings a deleted row back from the trash',
    },
    {
      method: 'DELETE',
      path: `${name}/purge/:id`,
      operation: (actor, { params: [id] }) => history.purge(actor, definition, id),
      summary: 'Removes a deleted row for good (Admins)',
    },
  );
  return routes;
}

/**
 * The review of a public row: 已檢視 (lib/content/operations/reviews.ts), and its change waiting for
 * approval: read it with its diff, approve it, reject it (lib/content/operations/approval.ts).
 */
function reviewRoutes(definition: ResourceDefinition): Route[] {
  const name = definition.name;
  const approve: Operation = async (actor, { params: [id], body }) => {
    const { kind, row } = await approval.approve(actor, definition, id, body);
    return kind === 'delete' ? { id: row.id, deleted: true } : wireRow(actor, definition, row);
  };
  return [
    {
      method: 'POST',
      path: `${name}/reviewed/:id`,
      operation: (actor, { params: [id] }) => reviews.markReviewed(actor, definition, id),
      summary: '已檢視: records a review of the row as it is and moves its review date on by its cycle',
    },
    {
      method: 'POST',
      path: `${name}/pending/:id`,
      operation: (actor, { params: [id] }) => approval.pendingChange(actor, definition, id),
      summary: "The row's latest submission (open or decided) with the live row and a field-by-field diff",
    },
    {
      method: 'POST',
      path: `${name}/approve/:id`,
      body: true,
      operation: approve,
      summary: "Applies the row's change waiting for approval (Admins); `{comment?, version?}`",
    },
    {
      method: 'POST',
      path: `${name}/reject/:id`,
      body: true,
      operation: async (actor, { params: [id], body }) => {
        await approval.reject(actor, definition, id, body);
        return approval.pendingChange(actor, definition, id);
      },
      summary: "Discards the row's change waiting for approval with a comment for its author (Admins); `{comment}`",
    },
  ];
}

/** A resource's own calls (lib/content/endpoints/, its section stamps) as routes below its name. */
function ownRoutes(definition: ResourceDefinition, generic: Route[]): Route[] {
  const calls: ResourceCall[] = [
    ...(definition.sectionStamp ? sectionStampCalls(definition) : []),
    ...endpointsFor(definition),
  ];
  return calls.map((call): Route => {
    const path = `${definition.name}/${call.path}`;
    if ('sameAs' in call) {
      const target = generic.find((route) => route.method === call.method && route.path === call.sameAs);
      if (!target) throw new Error(`${path}: no route ${call.method} ${call.sameAs}`);
      return { ...target, path, resource: definition, summary: call.summary };
    }
    return {
      method: call.method,
      path,
      operation: call.operation,
      body: call.body,
      noXsrf: call.noXsrf,
      read: call.read,
      summary: call.summary,
      resource: definition,
    };
  });
}

/** An account's sign-in sessions (lib/content/operations/sessions.ts): the caller's own, or (Admins) any account's. */
function sessionRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: 'account/sessions',
      body: true,
      operation: (actor, { body }) => accountSessions.listSessions(actor, body),
      summary:
        "The caller's sessions (Admins: any account's, `{accountId}`): when, where, which browser, which is this one",
    },
    {
      method: 'POST',
      path: 'account/sessions/endothers',
      body: true,
      operation: (actor, { body }) => accountSessions.endOtherSessions(actor, body),
      summary: "Ends the caller's other sessions (Admins: every session of `{accountId}`) on every server",
    },
    {
      method: 'DELETE',
      path: 'account/sessions/:id',
      operation: (actor, { params: [id] }) => accountSessions.endSession(actor, id),
      summary: "Ends one session, refused at once on every server (Admins: any account's)",
    },
  ];
}

/**
 * Sign-ups (lib/content/operations/registration/) beyond webactivity's own calls: the person's
 * manage link (`registration/{token}`, no account) and the roster's export, a file.
 */
function registrationRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: 'registration/:token',
      operation: (actor, { params: [token] }) => ownRegistration.getRegistration(actor, token),
      summary: 'The sign-up a manage link is for, with its activity (no account: the token is the key)',
    },
    {
      method: 'POST',
      path: 'registration/update/:token',
      body: true,
      operation: (actor, { params: [token], body }) => ownRegistration.updateOwnRegistration(actor, token, body),
      summary: "Changes the asked fields of the link's sign-up",
    },
    {
      method: 'POST',
      path: 'registration/cancel/:token',
      operation: (actor, { params: [token] }) => ownRegistration.cancelOwnRegistration(actor, token),
      summary: "Cancels the link's sign-up (its seats go to the waiting list); again changes nothing",
    },
    {
      method: 'POST',
      path: 'webactivity/registrations/export/:id',
      body: true,
      resource: webactivity,
      operation: async (actor, { params: [id], body }) =>
        sheetAnswer('registrations', await exportRoster(actor, id, body)),
      summary: 'An activity\'s roster as a spreadsheet (staff): `{format: "csv" | "xlsx", status, keyword}`',
    },
  ];
}

/** The member area's calls (lib/content/operations/member-*.ts); who may make each is the operation's rule. */
function memberRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: 'member/invite',
      body: true,
      operation: (actor, { body }) => memberInvitations.inviteMember(actor, body),
      summary:
        "Mails a member institution's contact a link to set a password and so become a Member, `{memberId, email, name, keyContact}` (Admins)",
    },
    // Anonymous like the password reset (no session to protect yet): no XSRF check.
    {
      method: 'POST',
      path: 'member/welcome',
      body: true,
      operation: (actor, { body }) => memberInvitations.acceptInvitation(actor, body),
      noXsrf: true,
      summary: "Takes up an invitation: the mailed token and the new Member's password, `{token, password}`",
    },
    {
      method: 'GET',
      path: 'member/me',
      operation: (actor) => memberEntry.memberEntry(actor),
      summary:
        "The signed-in Member, their institution's entry and its change awaiting approval: `{account, member, pending}`",
    },
    {
      method: 'PUT',
      path: 'member/update',
      body: true,
      operation: (actor, { body }) => memberEntry.updateMemberEntry(actor, body),
      summary:
        "Proposes a change to the Member's institution entry (its `memberEditable` fields), for an Admin's approval",
    },
    {
      method: 'POST',
      path: 'member/logo',
      handler: async (context) => {
        // Who asks is settled before the file is read.
        memberEntry.requireMember(context.actor);
        return json(await memberEntry.submitMemberLogo(context.actor, await upload.uploadedFile(context)));
      },
      summary: "Proposes a new logo (multipart field `file`, an image) for the Member's institution entry",
    },
    {
      method: 'POST',
      path: 'member/dues',
      operation: (actor) => memberDues.memberDues(actor),
      summary: "The Member's own institution's dues, the latest year first, each paid, due or overdue (Members)",
    },
    {
      method: 'POST',
      path: 'member/dues/receipt/:year',
      operation: (actor, { params: [year] }) => memberDues.memberReceipt(actor, year),
      summary: "A paid year's receipt of the Member's own institution (Members)",
    },
    {
      method: 'POST',
      path: 'member/contacts',
      operation: (actor) => memberContacts.listContacts(actor),
      summary: "The key contact's institution's Member accounts and open invitations, with `max` (key contacts)",
    },
    {
      method: 'POST',
      path: 'member/contacts/invite',
      body: true,
      operation: (actor, { body }) => memberContacts.inviteContact(actor, body),
      summary:
        "Invites a colleague to the key contact's own institution, `{email, name}`, up to `memberContactsMax` (key contacts)",
    },
    {
      method: 'DELETE',
      path: 'member/contacts/:id',
      operation: (actor, { params: [id] }) => memberContacts.removeContact(actor, id),
      summary: "Removes a Member account of the key contact's own institution, not their own (key contacts)",
    },
    {
      method: 'POST',
      path: 'member/accounts/:memberId',
      operation: (actor, { params: [memberId] }) => memberContacts.institutionAccounts(actor, memberId),
      summary: "A member institution's accounts (last sign-in) and invitations not taken up (Admins)",
    },
    {
      method: 'POST',
      path: 'member/invitations/resend/:id',
      operation: (actor, { params: [id] }) => memberContacts.resendInvitation(actor, id),
      summary: 'Mails an invitation again with a new 7-day link; the old link stops working (Admins)',
    },
    {
      method: 'POST',
      path: 'member/invitations/revoke/:id',
      operation: (actor, { params: [id] }) => memberContacts.revokeInvitation(actor, id),
      summary: "An invitation's link stops working (Admins)",
    },
  ];
}

/** Every route but the dispatcher's own (batch, the OpenAPI document). */
export function buildRoutes(): Route[] {
  const generic = allResources().flatMap(resourceRoutes);
  const own = allResources().flatMap((definition) => ownRoutes(definition, generic));
  // A resource's own call replaces the generic one at the same method and path (webcontact/add).
  const taken = new Set(own.map((route) => `${route.method} ${route.path.toLowerCase()}`));
  return [
    {
      method: 'POST',
      path: 'account/login',
      body: true,
      operation: (actor, { body }) => signIn(actor, body),
      noXsrf: true,
    },
    {
      method: 'POST',
      path: 'account/login2',
      body: true,
      operation: (actor, { body }) => secondFactor.signInSecondStep(actor, body),
      noXsrf: true,
      summary:
        "A sign-in's second step: the ticket account/login gave and an authenticator or recovery code, or a passkey",
    },
    { method: 'POST', path: 'account/checklogin', operation: sessionStatus },
    {
      method: 'GET',
      path: 'account/security',
      operation: secondFactor.securityStatus,
      summary: "Whether the caller's authenticator is on, and how many recovery codes are left",
    },
    {
      method: 'POST',
      path: 'account/totp/setup',
      operation: secondFactor.totpSetup,
      summary: 'Starts setting up an authenticator: a new secret and its otpauth:// address',
    },
    {
      method: 'POST',
      path: 'account/totp/enable',
      body: true,
      operation: (actor, { body }) => secondFactor.totpEnable(actor, body),
      summary: 'Turns the authenticator on with a code from it; answers ten recovery codes, once',
    },
    {
      method: 'POST',
      path: 'account/totp/disable',
      body: true,
      operation: (actor, { body }) => secondFactor.totpDisable(actor, body),
      summary: 'Turns the second factor off, with the password',
    },
    {
      method: 'POST',
      path: 'account/recoverycodes',
      body: true,
      operation: (actor, { body }) => secondFactor.newRecoveryCodes(actor, body),
      summary: 'A new set of ten recovery codes, with the password; the old set stops working',
    },
    {
      method: 'POST',
      path: 'account/passkey/options',
      operation: passkeys.passkeyOptions,
      summary: "The options of the browser's ceremony that adds a passkey to the caller's account",
    },
    {
      method: 'POST',
      path: 'account/passkey/register',
      body: true,
      operation: (actor, { body }) => passkeys.passkeyRegister(actor, body),
      summary:
        'Adds the passkey the browser made, `{name, response}`; the first second factor also answers ten recovery codes',
    },
    {
      method: 'POST',
      path: 'account/passkey/list',
      operation: passkeys.passkeyList,
      summary: "The caller's passkeys: name, when added, when last used",
    },
    {
      method: 'DELETE',
      path: 'account/passkey/:id',
      body: true,
      operation: (actor, { params: [id], body }) => passkeys.passkeyRemove(actor, id, body),
      summary: "Removes one of the caller's passkeys, with the password `{password}`",
    },
    // Anonymous like sign-in: no XSRF check.
    {
      method: 'POST',
      path: 'account/passkey/loginoptions',
      body: true,
      operation: (actor, { body }) => passkeys.passkeyLoginOptions(actor, body),
      noXsrf: true,
      summary: "The options of the browser's passkey sign-in; with `{ticket}`, of a sign-in's second step",
    },
    {
      method: 'POST',
      path: 'account/passkey/login',
      body: true,
      operation: (actor, { body }) => passkeys.passkeySignIn(actor, body),
      noXsrf: true,
      summary: 'Signs in with a passkey alone, `{response}`; answers as account/login',
    },
    {
      method: 'POST',
      path: 'account/resetsecondfactor/:id',
      operation: async (actor, { params: [id] }) => ({ reset: await secondFactor.resetSecondFactor(actor, { id }) }),
      summary: "Turns another account's second factor off, for one who lost phone and recovery codes (Admins)",
    },
    { method: 'POST', path: 'account/logout', handler: account.logout },
    // Anonymous like sign-in (no session to protect yet): no XSRF check, captcha when it is on.
    {
      method: 'POST',
      path: 'account/forgotpassword',
      body: true,
      operation: (actor, { body }) => requestPasswordReset(actor, body),
      noXsrf: true,
      summary: 'Mails a password-reset link; answers alike whether or not an account matched',
    },
    {
      method: 'POST',
      path: 'account/resetpassword',
      body: true,
      operation: (actor, { body }) => resetPassword(actor, body),
      noXsrf: true,
      summary: 'Sets a new password with a mailed reset token',
    },
    {
      method: 'GET',
      path: 'mail/status',
      operation: mailStatus,
      summary: 'Whether e-mail is on, mails waiting and mails that keep failing',
    },
    {
      method: 'GET',
      path: 'search',
      operation: searchCall,
      summary:
        'Site search, ranked as the /{lang}/search page: q, page, pageSize (at most 50), area, year, lang → {total, page, pageSize, data, areas, suggestion}',
    },
    {
      method: 'GET',
      path: 'search/suggest',
      operation: suggestCall,
      summary: 'Up to 8 titles that start with or contain q, for suggestions as one types → {data: [{title, url}]}',
    },
    {
      method: 'POST',
      path: 'search/queries',
      body: true,
      operation: (actor, { body }) => searchQueriesList(actor, body),
      summary:
        'What visitors searched for over the last days (1–400, default 30), most searched first; zeroOnly: those that found nothing → {data: [{query, lang, count, results}]} (Admins)',
    },
    {
      method: 'POST',
      path: 'search/queries/export',
      body: true,
      operation: async (actor, { body }) => sheetAnswer('search-queries', await exportSearchQueries(actor, body)),
      summary: 'The same, every query of the period, as a CSV or XLSX file (Admins)',
    },
    { method: 'POST', path: 'upload', handler: upload.upload },
    { method: 'GET', path: 'upload/:id', handler: (c, [id]) => upload.uploadDetails(c, id) },
    { method: 'PUT', path: 'upload/:id', handler: (c, [id]) => upload.renameFile(c, id) },
    { method: 'GET', path: 'websetting/webinfo', operation: (actor) => readSettings(actor) },
    {
      method: 'POST',
      path: 'websetting/webinfo',
      body: true,
      operation: (actor, { body }) => saveSettings(actor, body),
    },
    ...(['visit', 'old', 'accessible'] as const).map((counter): Route => ({
      method: 'GET',
      path: `websetting/${counter === 'visit' ? '' : counter}visitcount`,
      // A HEAD request counts nothing.
      handler: async (c) => json(await visitCount(c.actor, counter, { count: c.method !== 'HEAD' })),
    })),
    {
      method: 'POST',
      path: 'audit/getlist',
      body: true,
      operation: (actor, { body }) => auditList(actor, body),
      summary: 'The audit log, newest first (Admins)',
    },
    {
      method: 'POST',
      path: 'audit/export',
      body: true,
      operation: async (actor, { body }) => sheetAnswer('audit', await exportAudit(actor, body)),
      summary: 'The audit log a filter selects, every page, as a CSV or XLSX file (Admins)',
    },
    {
      method: 'POST',
      path: 'review/getlist',
      body: true,
      operation: (actor, { body }) => approval.reviewList(actor, body),
      summary: 'Every change waiting for approval, across resources, the newest first (Admins)',
    },
    {
      method: 'POST',
      path: 'review/due',
      body: true,
      operation: (actor, { body }) => reviews.dueForReview(actor, body),
      summary: 'Rows past their review date, across resources, the longest overdue first',
    },
    {
      method: 'POST',
      path: 'review/mine',
      body: true,
      operation: (actor, { body }) => approval.mySubmissions(actor, body),
      summary: "The caller's own submissions for approval and their state, the newest first",
    },
    {
      method: 'POST',
      path: 'media/getlist',
      body: true,
      operation: (actor, { body }) => media.mediaList(actor, body),
      summary: 'Uploads, newest first, with where each is used',
    },
    {
      method: 'PUT',
      path: 'media/update/:id',
      body: true,
      operation: (actor, { params: [id], body }) => media.mediaUpdate(actor, id, body),
      summary: "Sets an image's alternative text in each language and its focal point",
    },
    {
      method: 'PUT',
      path: 'media/replace/:id',
      handler: (c, [id]) => upload.replaceFile(c, id),
      summary: "Replaces an upload's file under the same id and URL (multipart field file); the old file is kept",
    },
    {
      method: 'GET',
      path: 'media/history/:id',
      operation: (actor, { params: [id] }) => media.mediaHistory(actor, id),
      summary: 'The files an upload had before it was replaced, restorable for TRASH_DAYS',
    },
    {
      method: 'PUT',
      path: 'media/restore/:id/:version',
      operation: (actor, { params: [id, version] }) => media.mediaRestore(actor, id, version),
      summary: 'Makes an earlier file of an upload its current one again',
    },
    {
      method: 'GET',
      path: 'media/original/:id',
      handler: (c, [id]) => upload.originalFile(c, id),
      summary: 'The file as uploaded, with its metadata, to download (staff)',
    },
    {
      method: 'DELETE',
      path: 'media/delete/:id',
      operation: (actor, { params: [id] }) => media.mediaDelete(actor, id),
      summary: 'Deletes an upload nothing uses',
    },
    ...sessionRoutes(),
    ...registrationRoutes(),
    ...newsletterRoutes(),
    ...memberRoutes(),
    ...own,
    ...generic.filter((route) => !taken.has(`${route.method} ${route.path.toLowerCase()}`)),
  ];
}

/**
 * The calls an account that must still set up a second factor may make (the shared setting
 * `secondFactorPolicy`, lib/content/operations/second-factor-policy.ts): the account's own calls
 * below `account/` (sign-in and out, its security and sessions) but not the account resource's rows
 * or another account's second factor; a batch, whose parts are checked one by one; the settings' read.
 */
export function allowedBeforeEnrolment(route: Route): boolean {
  if (route.resource) return false;
  if (route.path === 'batch' || route.path === 'openapi.json') return true;
  if (route.method === 'GET' && route.path === 'websetting/webinfo') return true;
  return route.path.startsWith('account/') && !route.path.startsWith('account/resetsecondfactor/');
}

/**
 * The calls a Member (a member institution's contact) may make: the member area's, and their own
 * account's as before enrolment (sign-in and out, security, sessions). Every other call, the back
 * office's and each resource's, answers them 403 (lib/api/dispatch.ts).
 */
export function allowedForMembers(route: Route): boolean {
  return route.path.startsWith('member/') || allowedBeforeEnrolment(route);
}

/** The path below /api/ as the router sees it: empty segments dropped, each one percent-decoded. */
export function apiSegments(url: URL): string[] {
  return url.pathname
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

interface Match {
  route?: Route;
  params: string[];
  /** The path exists, but not for this method. */
  otherMethods: boolean;
}

/** A route's path split once, with its place in the list (the first of several that match wins). */
interface SplitRoute {
  route: Route;
  parts: string[];
  order: number;
}

/** The routes by number of segments and first segment (`:` for a parameter), split once per list. */
const routeIndexes = new WeakMap<Route[], Map<string, SplitRoute[]>>();

function indexOf(routes: Route[]): Map<string, SplitRoute[]> {
  let index = routeIndexes.get(routes);
  if (index) return index;
  index = new Map();
  routes.forEach((route, order) => {
    const parts = route.path.split('/');
    const key = `${parts.length}/${parts[0].startsWith(':') ? ':' : parts[0]}`;
    if (!index!.has(key)) index!.set(key, []);
    index!.get(key)!.push({ route, parts, order });
  });
  routeIndexes.set(routes, index);
  return index;
}

/**
 * The route `method` and `segments` reach in `routes` (which do not change once made): the first
 * in their order whose path matches, or none and whether the path exists for another method.
 * Looked up by the number of segments and the first one: a list of every resource's calls was
 * split and compared one by one on every request.
 */
export function matchRoute(routes: Route[], method: string, segments: string[]): Match {
  const index = indexOf(routes);
  const literal = index.get(`${segments.length}/${segments[0]?.toLowerCase()}`) ?? [];
  const parameter = index.get(`${segments.length}/:`) ?? [];
  const candidates = parameter.length === 0 ? literal : [...literal, ...parameter].sort((a, b) => a.order - b.order);
  let otherMethods = false;
  for (const { route, parts } of candidates) {
    const params: string[] = [];
    const matches = parts.every((part, i) => {
      if (part.startsWith(':')) {
        params.push(segments[i]);
        return true;
      }
      return part === segments[i].toLowerCase();
    });
    if (!matches) continue;
    if (route.method === method || (method === 'HEAD' && route.method === 'GET'))
      return { route, params, otherMethods };
    otherMethods = true;
  }
  return { params: [], otherMethods };
}
