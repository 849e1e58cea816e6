import type { Actor } from './actor';
import type { Field, Label } from './fields';
import type { Access, Role } from './roles';
import type { MenuGroupId, PublicFace, SortKey } from './face';

/** What a resource's own call is given: the path's parameters, the query string and the JSON body. */
export interface CallInput {
  params: string[];
  query: URLSearchParams;
  /** The JSON object body; `{}` unless the call declares `body`. */
  body: Record<string, unknown>;
}

/**
 * An API call that only this resource has (getoptions, search, post/{id}…), declared as
 * data: the API serves `operation` at `/api/{resource}/{path}` and sends its result as JSON, or
 * serves another resource's call at a second path (`sameAs`).
 */
export type ResourceCall = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below `/api/{resource}/`, `:` marks a parameter: `getupdatetime/:type`. */
  path: string;
  /** One line for the OpenAPI document. */
  summary?: string;
} & (
  | {
      operation: (actor: Actor, input: CallInput) => Promise<unknown>;
      /** Takes a JSON object body. */
      body?: boolean;
      /** Exempt from the XSRF check (only public calls that change nothing a visitor owns). */
      noXsrf?: boolean;
      /** Changes nothing: its answer depends only on who asks, the path, query, body and language. */
      read?: boolean;
    }
  | {
      /** The API path below `/api/` of the call this one repeats, with the same parameters. */
      sameAs: string;
    }
);

export interface ResourceDefinition<F extends Record<string, Field> = Record<string, Field>> {
  /** The path segment of the API: `/api/{name}/...`; also the table name. */
  name: string;
  label: Label;
  fields: F;
  /** The field that names a row in lists, breadcrumbs and messages. */
  titleField: keyof F & string;
  /** Rows belong to one language (`lang` column). Default true. */
  localized?: boolean;
  /** Rows carry `order`; changeorder moves them among their siblings. */
  ordered?: boolean;
  /** Rows carry `publishAt`/`unpublishAt`; anonymous readers see only rows inside the window. */
  window?: boolean;
  /** Has `isVisible` (shown on the public site). Default true for localized content. */
  visibility?: boolean;
  /**
   * Rows carry `audience` (lib/content/model/audience.ts): `members` keeps a row from visitors and
   * shows it only to signed-in Members of the public site.
   */
  audience?: boolean;
  /**
   * Reference or section fields that scope a row: `getlist/{a}[/{b}]` filters by them in this
   * order, and ordering counts siblings that share them.
   */
  parents?: readonly (keyof F & string)[];
  /**
   * The first parent (a section field) also stands in the other paths, as the old API's editor calls
   * do: `get/{a}/{id}`, `add/{a}`, `update/{a}`, `delete/{a}/{id}`, `changeorder/{a}/{id}/{position}`.
   * The forms without it keep working.
   */
  sectionInPath?: boolean;
  /**
   * Each section has a "last updated" stamp that staff set on purpose (the `changeupdatetime` /
   * `getupdatetime` calls), not every edit, so fixing a typo announces nothing; the back office's list
   * offers the button and public pages show the date.
   */
  sectionStamp?: boolean;
  /** Further reference or section fields a list may be filtered by in the query string (`?attributeId=3`). */
  filters?: readonly (keyof F & string)[];
  /** Default list order when the request names no sort. */
  defaultSort?: readonly SortKey[];
  access?: { read?: Access; write?: Access };
  /**
   * Who may export the whole list as a spreadsheet (`export`); default: the staff who may read it
   * (signed in, and Admins where reading needs an Admin).
   */
  exportAccess?: Role;
  /**
   * Listed on the public site's open-data page and downloadable there as CSV and JSON: the rows
   * and fields visitors may see, in the page's language.
   */
  openData?: boolean;
  /**
   * The field that finds the row a spreadsheet line updates when the line has no id (a member's
   * name): a line whose value some row already has updates that row; otherwise it adds one.
   */
  importKey?: keyof F & string;
  /** Fields whose values no two rows may share together (an institution's dues: one row per year). */
  uniqueTogether?: readonly (keyof F & string)[];
  /** False for records that are kept for good (contact messages): no delete call. */
  deletable?: boolean;
  /**
   * False for rows that only visitors write (contact messages, sent by the public form): the back
   * office offers no "new" or "duplicate". Default true.
   */
  addable?: boolean;
  /**
   * The section field that names the fixed page of the public site a row is shown on (the page
   * sections): lib/public/row-links.ts places each row on its page's route.
   */
  fixedPage?: keyof F & string;
  /**
   * False for rows that keep no revisions and have no trash (accounts: their rows hold password
   * hashes, and a deleted account must be gone at once). Default true.
   */
  history?: boolean;
  /** The back-office menu group the resource's list is placed in (lib/content/model/face.ts). */
  menu: MenuGroupId;
  /**
   * Date-time fields whose passing changes what the public pages of a windowed resource show, like
   * its publication window (an activity's sign-up opening and closing, its start): cached pages and
   * reads expire at the next of them too.
   */
  changesAt?: readonly (keyof F & string)[];
  /** Where the public site shows the rows; absent for resources it does not show. */
  public?: PublicFace<keyof F & string>;
}

/**
 * Checks a definition against its own field names and keeps its exact type, so `RowOf<typeof
 * webnews>` (lib/content/model/rows.ts) knows the columns of its rows.
 */
export function defineResource<const D extends ResourceDefinition<F>, F extends Record<string, Field> = D['fields']>(
  definition: D & ResourceDefinition<F>,
): D & ResourceDefinition<F> {
  return definition;
}

/** Which common columns a resource has, derived from its flags. */
export function traits(definition: ResourceDefinition) {
  const localized = definition.localized !== false;
  return {
    localized,
    ordered: definition.ordered === true,
    window: definition.window === true,
    visibility: definition.visibility ?? localized,
    audience: definition.audience === true,
    parents: definition.parents ?? [],
    read: definition.access?.read ?? 'public',
    write: definition.access?.write ?? 'user',
  };
}

/**
 * Whether visitors may read the resource's rows (`access.read` left public). The others (accounts,
 * contact messages) are never on the public site: no page shows them, they do not date the
 * footer's 更新日期 and the cache tier has no page of theirs to purge.
 */
export const readByVisitors = (definition: ResourceDefinition) => traits(definition).read === 'public';

/** Who may export a resource's list: never visitors, who have the open data instead. */
export const exportAccessOf = (definition: ResourceDefinition): Role =>
  definition.exportAccess ?? (traits(definition).read === 'admin' ? 'admin' : 'user');

/**
 * Whether staff may fill a resource from a spreadsheet: content staff write, not accounts (their
 * passwords are never in a file) nor records kept for good (contact messages, written by visitors).
 */
export const importable = (definition: ResourceDefinition) =>
  definition.deletable !== false && !Object.values(definition.fields).some((f) => f.kind === 'password');

/** Whether a resource keeps revisions and a trash (every one but accounts, whose rows hold password hashes). */
export const keepsHistory = (definition: ResourceDefinition) => definition.history !== false;

/** Whether deleted rows of a resource go to a trash the back office can restore from. */
export const hasTrash = (definition: ResourceDefinition) => keepsHistory(definition) && definition.deletable !== false;

export function defaultSortOf(definition: ResourceDefinition) {
  if (definition.defaultSort?.length) return definition.defaultSort;
  if (definition.ordered) return [{ field: 'order', direction: 'asc' as const }];
  return [{ field: 'id', direction: 'desc' as const }];
}
