import type { Options } from 'ky';
import type { RosterRow } from '../content/model/registration';
import { findResource } from '../content/model/registry';
import { readCookie } from '../http/cookies';
import { http, XSRF_COOKIE, XSRF_HEADER, type ApiHttp } from './http';
import { CANCELLED, clientMessage } from './messages';

export type Row = Record<string, unknown>;
/** Path ids of resources with sections or parents: `[boardType]`, `[page]`, `[0]` for Q&A. */
export type PathIds = readonly (number | string)[];
export type Query = Record<string, string | number>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ListBody {
  page: number;
  pageSize: number;
  sort?: string;
  direction?: 'asc' | 'desc';
  keyword?: string;
  /** Only rows whose counterpart changed since they were saved. */
  stale?: boolean;
}

export interface ListResult {
  data: Row[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Revision {
  revision: number;
  savedAt: string;
  accountId: number | null;
  accountName: string | null;
}

export interface AuditEntry {
  id: number;
  at: string;
  action: string;
  accountId: number | null;
  accountName: string | null;
  clientAddress: string | null;
  resource: string | null;
  rowId: number | null;
  lang: string | null;
  summary: string | null;
}

export interface AuditRequest {
  page: number;
  pageSize: number;
  action?: string;
  resource?: string;
  accountId?: number;
  /** A member institution: entries about its row, accounts and dues, and what its Members did. */
  memberId?: number;
  from?: string;
  to?: string;
}

export interface Upload {
  id: string;
  url: string;
  name: string;
  size: number;
  type: string;
  /** An image's text alternative per language: in `upload/{id}` details and the media library. */
  altTw?: string;
  altEn?: string;
}

/** Where an upload is used: a row (live, in the trash, or only in an earlier revision) or the web settings. */
export interface MediaUse {
  resource: string;
  rowId: number | null;
  lang: string | null;
  title: string;
  state: 'row' | 'trash' | 'revision' | 'settings';
}

/** One upload of the media library (`media/getlist`). */
export interface MediaItem extends Upload {
  altTw: string;
  altEn: string;
  /** An image's size as shown and its focal point (0–1; null: the centre); a small copy to preview it. */
  width: number | null;
  height: number | null;
  focalX: number | null;
  focalY: number | null;
  version: number;
  preview: string | null;
  createdAt: string;
  usedBy: MediaUse[];
}

export interface MediaRequest {
  page: number;
  pageSize: number;
  type?: 'image' | 'file';
  unused?: boolean;
  keyword?: string;
}

export interface Counter {
  count: number;
  date: string | null;
}

/** Who holds a row's edit lock (`lock/{id}`), with wire date-times. */
export interface EditLock {
  accountId: number;
  name: string;
  since: string;
  expiresAt: string;
}

/** The answer of `POST {resource}/lock/{id}`: the lock as it stands, and whether it is the caller's. */
interface LockAnswer {
  lock: EditLock;
  mine: boolean;
}

/** The shared maximum page size of select lists (9999, `MAX_PAGE_SIZE` on the server). */
export const SELECT_PAGE_SIZE = 9999;

export { CANCELLED };

const segments = (parts: readonly (number | string)[]) =>
  parts.map((part) => encodeURIComponent(String(part))).join('/');

/** Sends a JSON call below `/api/` and reads the JSON answer ('' for an empty one). */
function send<T>(
  client: ApiHttp,
  method: Method,
  path: string,
  body?: unknown,
  query?: Query,
  options: Options = {},
): Promise<T> {
  return client(client.url(`/api/${path}`), {
    method,
    ...(body === undefined ? {} : { json: body }),
    ...(query ? { searchParams: query } : {}),
    ...options,
  }).json<T>();
}

/**
 * The calls of one resource (docs/api.md), with the URL forms of the server's route table: path ids in
 * `getlist/{a}/{b}`; for resources whose section stands in every path (`sectionInPath`: Q&A, the
 * page editor…) also `get/{a}/{id}`, `add/{a}`, `update/{a}`, `delete/{a}/{id}` and
 * `changeorder/{a}/{id}/{position}`.
 */
/** `?version=n` for a delete or a move that must not touch a row saved since it was shown. */
const versionQuery = (version: number | undefined): Query | undefined =>
  version === undefined ? undefined : { version: String(version) };

export function resourceApi(name: string, client: ApiHttp = http) {
  const definition = findResource(name);
  // Only the first path id is a section; the generic forms keep working without it.
  const section = (path: PathIds = []): PathIds => (definition?.sectionInPath && path.length ? [path[0]] : []);
  const at = (call: string, ...parts: (number | string)[]) =>
    `${name}/${call}${parts.length ? `/${segments(parts)}` : ''}`;

  const getList = (body: ListBody, path: PathIds = [], query?: Query) =>
    send<ListResult>(client, 'POST', at('getlist', ...path), body, query);

  return {
    getList,
    get: (id: number, path?: PathIds) => send<Row>(client, 'GET', at('get', ...section(path), id)),
    add: (row: Row, path?: PathIds) => send<Row>(client, 'POST', at('add', ...section(path)), row),
    update: (row: Row & { id: number }, path?: PathIds) =>
      send<Row>(client, 'PUT', at('update', ...section(path)), row),
    /**
     * Asks first (naming the item when its title is given); declined → no request, resolves `取消`.
     * With the version the list showed, a row saved since is not deleted (a stale-save 400).
     */
    async remove(
      id: number,
      path?: PathIds,
      title?: string,
      version?: number,
    ): Promise<{ id: number } | typeof CANCELLED> {
      const language = client.deps.settings().language;
      const question = title
        ? clientMessage(language, 'confirmDeleteNamed', { title })
        : clientMessage(language, 'confirmDelete');
      if (!client.deps.confirm(question)) return CANCELLED;
      return send<{ id: number }>(
        client,
        'DELETE',
        at('delete', ...section(path), id),
        undefined,
        versionQuery(version),
      );
    },
    /** Hides, shows or deletes several rows, all or nothing; a delete asks first like `remove`. */
    async bulk(action: 'hide' | 'show' | 'delete', ids: number[]): Promise<{ done: number } | typeof CANCELLED> {
      if (
        action === 'delete' &&
        !client.deps.confirm(clientMessage(client.deps.settings().language, 'confirmBulkDelete', { count: ids.length }))
      )
        return CANCELLED;
      return send<{ done: number }>(client, 'POST', at('bulk'), { action, ids });
    },
    /** A draft-preview link for the row, valid for an hour (`url` is a path on this site). */
    previewToken: (id: number) => send<{ url: string; expiresAt: string }>(client, 'POST', at('previewtoken', id)),
    /** Adds a hidden copy of a row and resolves it. */
    duplicate: (id: number) => send<Row>(client, 'POST', at('duplicate', id)),
    /** Moves the row to a 1-based position (checked against `version` when given); resolves the reordered siblings. */
    async changeOrder(id: number, position: number, path?: PathIds, version?: number): Promise<Row[]> {
      const answer = await send<{ data: Row[] }>(
        client,
        'PUT',
        at('changeorder', ...section(path), id, position),
        undefined,
        versionQuery(version),
      );
      return answer.data;
    },
    /** Page 1 of the shared maximum size, by order ascending, the `data` field. */
    async selectList(path?: PathIds): Promise<Row[]> {
      const order = definition?.ordered ? { sort: 'order', direction: 'asc' as const } : {};
      return (await getList({ page: 1, pageSize: SELECT_PAGE_SIZE, ...order }, path)).data;
    },
    /** A row's saved revisions, newest first. */
    revisions: async (id: number) => (await send<{ data: Revision[] }>(client, 'GET', at('revisions', id))).data,
    /** The values a row had at one revision. */
    revision: (id: number, revision: number) => send<Row>(client, 'GET', at('revision', id, revision)),
    restoreRevision: (id: number, revision: number) => send<Row>(client, 'POST', at('restorerevision', id, revision)),
    /** A page of the resource's trash, latest deleted first. */
    trash: (body: Pick<ListBody, 'page' | 'pageSize'>) => send<ListResult>(client, 'POST', at('gettrash'), body),
    restore: (id: number) => send<Row>(client, 'PUT', at('restore', id)),
    /** Removes a trashed row for good (Admins); asks first, declined → no request, resolves `取消`. */
    async purge(id: number): Promise<{ id: number } | typeof CANCELLED> {
      if (!client.deps.confirm(clientMessage(client.deps.settings().language, 'confirmPurge'))) return CANCELLED;
      return send<{ id: number }>(client, 'DELETE', at('purge', id));
    },
    /** The row's latest submission for approval with its diff to the live row, or a 404 without one. */
    pending: (id: number) => send<PendingChange>(client, 'POST', at('pending', id)),
    /** Applies the row's change awaiting approval (Admins). */
    approve: (id: number, comment: string) => send<Row>(client, 'POST', at('approve', id), { comment }),
    /** Discards the row's change awaiting approval with a comment for its author (Admins). */
    reject: (id: number, comment: string) => send<PendingChange>(client, 'POST', at('reject', id), { comment }),
    /** Takes or renews the row's edit lock; `takeover` takes it from whoever holds it. */
    lock: (id: number, takeover = false) =>
      send<LockAnswer>(client, 'POST', at('lock', id), takeover ? { takeover: true } : {}),
    unlock: (id: number) => send<{ released: boolean }>(client, 'DELETE', at('lock', id)),
    /**
     * Releases the lock as the page goes away (`pagehide`): one request of its own, never batched,
     * that the browser sends even after the page is gone (`keepalive`).
     */
    unlockOnLeave(id: number): void {
      const { host, language } = client.deps.settings();
      const page = client.url('/');
      const url = new URL(host ? `${host}api/${at('lock', id)}` : `/api/${at('lock', id)}`, page);
      const headers: Record<string, string> = { 'web-language': language };
      const token = client.tokens.get();
      if (token) headers.authorization = `Bearer ${token}`;
      const xsrf = url.origin === new URL(page).origin ? readCookie(client.deps.cookie(), XSRF_COOKIE) : null;
      if (xsrf) headers[XSRF_HEADER] = xsrf;
      void client.deps.fetch(new Request(url, { method: 'DELETE', headers, keepalive: true })).catch(() => undefined);
    },
    /** The resource's own calls: `call('GET', 'getoptions')`, `call('POST', 'search', body, {keyword})`. */
    call: <T = unknown>(method: Method, subPath: string, body?: unknown, query?: Query) =>
      send<T>(client, method, `${name}/${subPath.replace(/^\/+/, '')}`, body, query),
  };
}

/** `POST /api/upload` (form field `file`): never batched, no time limit for large files. */
export function uploadFile(file: File | Blob, name?: string, client: ApiHttp = http): Promise<Upload> {
  const form = new FormData();
  const fileName = name ?? (typeof File !== 'undefined' && file instanceof File ? file.name : 'file');
  form.append('file', file, fileName);
  return client.post(client.url('/api/upload'), { body: form, timeout: false }).json<Upload>();
}

/** `PUT /api/upload/{id}` with the new display name. */
export function renameUpload(id: string, fileName: string, client: ApiHttp = http): Promise<Upload> {
  return send<Upload>(client, 'PUT', `upload/${encodeURIComponent(id)}`, { fileName });
}

/** A downloaded export: the file and the name the server gave it. */
export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/** The name of an attachment: RFC 5987's `filename*` (UTF-8) when sent, else the plain `filename`. */
function attachmentName(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed name: the plain one below
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * `POST {resource}/export[/{a}/{b}]` or `audit/export`: every row a list request selects, as a CSV or
 * XLSX file (never batched: the answer is a file; no time limit: a long list takes a while).
 */
export async function exportFile(
  path: string,
  format: 'csv' | 'xlsx',
  body: object,
  query?: Query,
  client: ApiHttp = http,
): Promise<ExportedFile> {
  const response = await client.post(client.url(`/api/${path}`), {
    json: { ...body, format },
    ...(query ? { searchParams: query } : {}),
    timeout: false,
  });
  return {
    blob: await response.blob(),
    fileName: attachmentName(response.headers.get('content-disposition'), `export.${format}`),
  };
}

/** What an import found (docs/api.md, Import): what each line does, every problem, the column mapping. */
export interface ImportReport {
  added: number;
  updated: number;
  errors: { row: number; column: string; message: string }[];
  moreErrors: number;
  rows: { row: number; action: 'add' | 'update'; id?: number; title: string }[];
  mapping: Record<string, string | null>;
  fields: { key: string; label: string }[];
}

/**
 * `POST {resource}/import` (multipart `file`, `mapping`, `dryRun`): a dry run reports, a real run
 * writes every line or none (never batched: the body is a file; no time limit: a long file takes a while).
 */
export function importFile(
  resource: string,
  file: File,
  options: { mapping?: Record<string, string | null>; dryRun: boolean },
  client: ApiHttp = http,
): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  if (options.mapping) form.append('mapping', JSON.stringify(options.mapping));
  form.append('dryRun', String(options.dryRun));
  return client.post(client.url(`/api/${resource}/import`), { body: form, timeout: false }).json<ImportReport>();
}

/** One submission for approval as `review/getlist`, `review/mine` and `pending/{id}` give it. */
export interface PendingEntry {
  id: number;
  resource: string;
  resourceLabel: string;
  rowId: number;
  /** The row's section, for resources whose forms are per section. */
  section?: number;
  title: string;
  kind: 'new' | 'change' | 'delete';
  status: 'pending' | 'approved' | 'rejected';
  submittedAt: string;
  submittedBy: number | null;
  submittedByName: string | null;
  comment: string | null;
  decidedAt: string | null;
  decidedByName: string | null;
}

/** A row's latest submission with the live row and the diff (`pending/{id}`). */
export interface PendingChange extends PendingEntry {
  live: Row;
  proposed: Row | null;
  diff: { field: string; label: string; before: unknown; after: unknown }[];
  history: PendingEntry[];
}

/** A row past its review date (`review/due`). */
export interface DueRow {
  resource: string;
  resourceLabel: string;
  rowId: number;
  section?: number;
  title: string;
  reviewAt: string;
}

/** The lists of submissions: every open one (Admins), or the caller's own. */
function reviewApi(client: ApiHttp = http) {
  type Page = { data: PendingEntry[]; total: number; page: number; pageSize: number };
  return {
    open: (request: { page: number; pageSize: number }) => send<Page>(client, 'POST', 'review/getlist', request),
    mine: (request: { page: number; pageSize: number }) => send<Page>(client, 'POST', 'review/mine', request),
    /** Rows past their review date, the longest overdue first. */
    due: (request: { page: number; pageSize: number }) =>
      send<{ data: DueRow[]; total: number; page: number; pageSize: number }>(client, 'POST', 'review/due', request),
  };
}
export const review = reviewApi();

export type { RosterRow };

interface RosterPage {
  data: RosterRow[];
  total: number;
  page: number;
  pageSize: number;
  counts: {
    confirmed: number;
    waitlisted: number;
    cancelled: number;
    attended: number;
    seatsConfirmed: number;
    capacity: number | null;
  };
  askFields: { name: string; required: boolean }[];
  activity: { id: number; title: string };
}

/** Sign-ups of an activity (docs/api.md, Sign-ups): the roster, changes by staff, check-in. */
function registrationsApi(client: ApiHttp = http) {
  return {
    roster: (id: number, body: { page: number; pageSize: number; status?: string; keyword?: string }) =>
      send<RosterPage>(client, 'POST', `webactivity/registrations/${id}`, body),
    add: (id: number, body: Record<string, unknown>) =>
      send<RosterRow>(client, 'POST', `webactivity/registration/add/${id}`, body),
    update: (body: Record<string, unknown>) => send<RosterRow>(client, 'PUT', 'webactivity/registration/update', body),
    mail: (id: number, body: { subject: string; text: string; status?: string }) =>
      send<{ queued: number }>(client, 'POST', `webactivity/registrations/mail/${id}`, body),
    erase: (registrationId: number) =>
      send<{ id: number }>(client, 'DELETE', `webactivity/registration/${registrationId}`),
    checkIn: (id: number, code: string) =>
      send<{ name: string; seats: number; attendedAt: string; firstCheckIn?: string }>(
        client,
        'POST',
        `webactivity/checkin/${id}`,
        { code },
      ),
  };
}
export const registrationsClient = registrationsApi();

/** `POST audit/getlist` (Admins): a page of the audit log, newest first. */
export function auditLogPage(request: AuditRequest, client: ApiHttp = http) {
  return send<{ data: AuditEntry[]; total: number; page: number; pageSize: number }>(
    client,
    'POST',
    'audit/getlist',
    request,
  );
}

/** One query of what visitors searched for, over the days asked. */
interface SearchQueryStatistic {
  query: string;
  lang: 'tw' | 'en';
  count: number;
  results: number;
}

/** `POST search/queries` (Admins): the most searched queries of the last `days` days, or those that found nothing. */
export function searchQueryStatistics(
  request: { days: number; zeroOnly: boolean; limit?: number },
  client: ApiHttp = http,
) {
  return send<{ data: SearchQueryStatistic[] }>(client, 'POST', 'search/queries', request);
}

/** The media library: uploads with where each is used, their alternative text, delete when unused. */
/** A file a replacement put aside (`media/history/{id}`). */
interface MediaHistoryEntry {
  version: number;
  type: string;
  size: number;
  width: number | null;
  height: number | null;
  replacedAt: string;
  keptUntil: string;
}

function mediaApi(client: ApiHttp = http) {
  return {
    list: (request: MediaRequest) =>
      send<{ data: MediaItem[]; total: number; page: number; pageSize: number }>(
        client,
        'POST',
        'media/getlist',
        request,
      ),
    update: (id: string, change: { altTw?: string; altEn?: string; focalX?: number; focalY?: number }) =>
      send<MediaItem>(client, 'PUT', `media/update/${encodeURIComponent(id)}`, change),
    /** `PUT media/replace/{id}` (form field `file`): a new file under the same id and URL; never batched. */
    replace: (id: string, file: File | Blob) => {
      const form = new FormData();
      form.append('file', file, typeof File !== 'undefined' && file instanceof File ? file.name : 'file');
      return client
        .put(client.url(`/api/media/replace/${encodeURIComponent(id)}`), { body: form, timeout: false })
        .json<MediaItem>();
    },
    /** `GET media/history/{id}`: the files a replacement put aside, newest first, kept for `TRASH_DAYS`. */
    history: (id: string) => send<MediaHistoryEntry[]>(client, 'GET', `media/history/${encodeURIComponent(id)}`),
    /** `PUT media/restore/{id}/{version}`: an earlier file becomes the current one again. */
    restore: (id: string, version: number) =>
      send<MediaItem>(client, 'PUT', `media/restore/${encodeURIComponent(id)}/${version}`),
    /** `GET media/original/{id}`: the file as uploaded, to save. */
    async original(id: string, fallbackName: string): Promise<ExportedFile> {
      const response = await client.get(client.url(`/api/media/original/${encodeURIComponent(id)}`), {
        timeout: false,
      });
      return {
        blob: await response.blob(),
        fileName: attachmentName(response.headers.get('content-disposition'), fallbackName),
      };
    },
    /** Asks first, as every delete does; declined → no request, resolves `取消`. */
    async remove(id: string): Promise<{ id: string } | typeof CANCELLED> {
      if (!client.deps.confirm(clientMessage(client.deps.settings().language, 'confirmDelete'))) return CANCELLED;
      return send<{ id: string }>(client, 'DELETE', `media/delete/${encodeURIComponent(id)}`);
    },
  };
}

export const media = mediaApi();

/** Web settings (`websetting/webinfo`) and the three visit counters. */
export function webSettingsApi(client: ApiHttp = http) {
  return {
    get: () => send<Row>(client, 'GET', 'websetting/webinfo'),
    save: (values: Row) => send<Row>(client, 'POST', 'websetting/webinfo', values),
    /** Note: `visitcount` and `accessiblevisitcount` count a visit when read, as in the old API. */
    async counters(): Promise<{ visit: Counter; old: Counter; accessible: Counter }> {
      const [visit, old, accessible] = await Promise.all(
        ['visitcount', 'oldvisitcount', 'accessiblevisitcount'].map((call) =>
          send<Counter>(client, 'GET', `websetting/${call}`),
        ),
      );
      return { visit, old, accessible };
    },
  };
}

export const webSettings = webSettingsApi();

/** One e-mail that keeps failing, as `mail/status` lists it for Admins. */
export interface FailingMail {
  id: number;
  kind: string;
  recipients: string[];
  subject: string;
  status: 'pending' | 'failed';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

export interface MailStatus {
  enabled: boolean;
  pending: number;
  failingCount: number;
  failing: FailingMail[];
}

/** `GET /api/mail/status`: whether e-mail is on and which mails keep failing (the dashboard). */
export function mailStatus(client: ApiHttp = http): Promise<MailStatus> {
  return send<MailStatus>(client, 'GET', 'mail/status');
}
