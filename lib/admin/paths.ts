import type { ResourceDefinition } from '../content/model/define';
import type { ChoiceField } from '../content/model/fields';
import { findResource } from '../content/model/registry';
import { sections, type Section } from '../content/model/sections';
import webactivity from '../content/resources/webactivity';
import { isWireLanguage, type WireLanguage } from '../i18n/languages';
import { adminHome, adminPagePath, adminRowPath, adminSegments } from '../routing/back-office';

/**
 * The back office's screens and their URLs (docs/back-office.md, Routing), built on lib/routing/back-office.ts
 * and parsed here:
 *
 *   /{lang}-admin                                  dashboard
 *   /{lang}-admin/{resource}[/{section}]           list (section: a key of sections.ts)
 *   /{lang}-admin/{resource}[/{section}]/new       form for a new row
 *   /{lang}-admin/{resource}[/{section}]/{id}      form for row {id}
 *   /{lang}-admin/{resource}/trash                 the resource's trash (every section's)
 *   /{lang}-admin/{resource}/import                rows from a spreadsheet (CSV or XLSX)
 *   /{lang}-admin/settings                         web settings
 *   /{lang}-admin/audit                            the audit log (Admins)
 *   /{lang}-admin/media                            the media library (uploads)
 *   /{lang}-admin/security                         the signed-in account's own security (second factor)
 *   /{lang}-admin/review                           changes awaiting approval (Admins)
 *   /{lang}-admin/webactivity/{id}/registrations   an activity's sign-ups (報名名單)
 *   /{lang}-admin/webactivity/{id}/checkin         check-in at the door
 *   /{lang}-admin/newsletter                       the newsletter: mailings (staff), subscribers (Admins)
 *   /{lang}-login                                  sign-in
 *
 * A resource whose first parent is a fixed section standing in every path (`sectionInPath`:
 * boards, committees, editor pages, statistics types…) has one list per section.
 */
export type AdminScreen =
  | { kind: 'dashboard' }
  | { kind: 'settings' }
  | { kind: 'audit' }
  | { kind: 'media' }
  | { kind: 'security' }
  | { kind: 'review' }
  | { kind: 'newsletter' }
  | { kind: 'trash'; resource: string }
  | { kind: 'import'; resource: string }
  | { kind: 'list'; resource: string; section?: number }
  | { kind: 'new'; resource: string; section?: number }
  | { kind: 'edit'; resource: string; section?: number; id: number }
  | { kind: 'registrations'; id: number }
  | { kind: 'checkin'; id: number }
  | { kind: 'notFound' };

/** The resource whose rows take sign-ups. */
const SIGN_UP_RESOURCE = webactivity.name;

/** The section field of a resource with one list per section, or undefined. */
export function sectionFieldOf(
  definition: ResourceDefinition,
): { key: string; field: ChoiceField; list: Section[] } | undefined {
  if (!definition.sectionInPath) return undefined;
  const key = definition.parents?.[0];
  const f = key ? definition.fields[key] : undefined;
  if (!key || f?.kind !== 'choice' || !f.section) return undefined;
  return { key, field: f, list: sections[f.section] };
}

/** The path ids of a resource's row calls (get, add, update, delete, changeorder): `[section]` or none. */
export function sectionPath(section: number | undefined): number[] | undefined {
  return section === undefined ? undefined : [section];
}

export function adminPath(language: WireLanguage, screen: AdminScreen): string {
  switch (screen.kind) {
    case 'dashboard':
    case 'notFound':
      return adminHome(language);
    case 'settings':
    case 'audit':
    case 'media':
    case 'security':
    case 'review':
    case 'newsletter':
      return adminPagePath(language, adminSegments[screen.kind]);
    case 'trash':
    case 'import':
      return adminPagePath(language, screen.resource, adminSegments[screen.kind]);
    case 'registrations':
    case 'checkin':
      return adminPagePath(language, SIGN_UP_RESOURCE, screen.id, adminSegments[screen.kind]);
    default: {
      const definition = findResource(screen.resource);
      const sectionKey =
        definition && screen.section !== undefined
          ? sectionFieldOf(definition)?.list.find((s) => s.value === screen.section)?.key
          : undefined;
      if (screen.kind === 'list') return adminPagePath(language, screen.resource, ...(sectionKey ? [sectionKey] : []));
      return adminRowPath(language, screen.resource, screen.kind === 'new' ? 'new' : screen.id, sectionKey);
    }
  }
}

/** The language and screen of a browser path such as `/tw-admin/webnews/12`; null outside the back office. */
export function parseAdminPath(pathname: string): { language: WireLanguage; screen: AdminScreen } | null {
  const match = /^\/(tw|en)-admin(?:\/(.*))?$/.exec(pathname);
  if (!match || !isWireLanguage(match[1])) return null;
  const language = match[1];
  const segments = (match[2] ?? '').split('/').filter(Boolean).map(decodeURIComponent);
  return { language, screen: screenOf(segments) };
}

function screenOf(segments: string[]): AdminScreen {
  const notFound: AdminScreen = { kind: 'notFound' };
  if (segments.length === 0) return { kind: 'dashboard' };
  const [first, ...rest] = segments;
  if (first === adminSegments.settings) return rest.length ? notFound : { kind: 'settings' };
  if (first === adminSegments.audit) return rest.length ? notFound : { kind: 'audit' };
  if (first === adminSegments.media) return rest.length ? notFound : { kind: 'media' };
  if (first === adminSegments.security) return rest.length ? notFound : { kind: 'security' };
  if (first === adminSegments.review) return rest.length ? notFound : { kind: 'review' };
  if (first === adminSegments.newsletter) return rest.length ? notFound : { kind: 'newsletter' };
  const definition = findResource(first);
  if (!definition) return notFound;
  if (rest.length === 1 && rest[0] === adminSegments.trash) return { kind: 'trash', resource: definition.name };
  if (rest.length === 1 && rest[0] === adminSegments.import) return { kind: 'import', resource: definition.name };
  if (definition.name === SIGN_UP_RESOURCE && rest.length === 2 && /^[1-9]\d{0,9}$/.test(rest[0])) {
    if (rest[1] === adminSegments.registrations) return { kind: 'registrations', id: Number(rest[0]) };
    if (rest[1] === adminSegments.checkin) return { kind: 'checkin', id: Number(rest[0]) };
  }
  let section: number | undefined;
  const sectionField = sectionFieldOf(definition);
  if (sectionField) {
    const key = rest.shift();
    const found = sectionField.list.find((s) => s.key === key);
    if (!found) return notFound;
    section = found.value;
  }
  const base = { resource: definition.name, ...(section === undefined ? {} : { section }) };
  if (rest.length === 0) return { kind: 'list', ...base };
  if (rest.length > 1) return notFound;
  if (rest[0] === 'new') return { kind: 'new', ...base };
  if (!/^[1-9]\d{0,9}$/.test(rest[0])) return notFound;
  return { kind: 'edit', ...base, id: Number(rest[0]) };
}

/**
 * Where to go after signing in: the page the visitor wanted if it is a back-office page of this
 * site (never another origin, so the link cannot send anyone elsewhere), else the dashboard. The
 * address is resolved against the site's origin first, as the browser will resolve it (dot segments,
 * `%2e`, backslashes, tabs and newlines dropped from a scheme), and the resolved path is what is
 * returned, so nothing is left for the browser to interpret differently: `/en-admin/..//evil.example`
 * resolves to `//evil.example`, which is no back-office page. Encoded slashes and backslashes, which
 * another server or proxy may decode into a path break, are refused outright.
 */
export function safeReturnTo(language: WireLanguage, wanted: string | null | undefined, origin: string): string {
  const home = adminHome(language);
  if (!wanted) return home;
  let resolved: URL;
  try {
    resolved = new URL(wanted, origin);
  } catch {
    return home;
  }
  if (resolved.origin !== new URL(origin).origin) return home;
  const { pathname, search, hash } = resolved;
  if (/%(2f|5c)/i.test(pathname) || !pathname.startsWith('/') || pathname.startsWith('//')) return home;
  try {
    if (!parseAdminPath(pathname)) return home;
  } catch {
    // A malformed percent escape in the path: not a page of this site.
    return home;
  }
  return `${pathname}${search}${hash}`;
}

/**
 * The same place in the other language's back office. Rows belong to one language, so a row's form
 * leads to its list there; lists, settings and the dashboard keep their place.
 */
export function otherLanguagePath(pathname: string): string {
  const parsed = parseAdminPath(pathname);
  const other: WireLanguage = parsed?.language === 'en' ? 'tw' : 'en';
  if (!parsed) return adminHome(other);
  const { screen } = parsed;
  if (screen.kind === 'registrations' || screen.kind === 'checkin')
    return adminPath(other, { kind: 'list', resource: SIGN_UP_RESOURCE });
  if (screen.kind === 'new' || screen.kind === 'edit') {
    return adminPath(other, {
      kind: 'list',
      resource: screen.resource,
      ...(screen.section === undefined ? {} : { section: screen.section }),
    });
  }
  return adminPath(other, screen);
}
