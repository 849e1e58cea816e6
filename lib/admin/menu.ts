import { traits, type ResourceDefinition } from '../content/model/define';
import type { Access } from '../content/model/roles';
import { menuGroupIds, type MenuGroupId } from '../content/model/face';
import type { Label } from '../content/model/fields';
import { allResources, findResource } from '../content/model/registry';
import type { WireLanguage } from '../i18n/languages';
import { adminPath, sectionFieldOf, type AdminScreen } from './paths';

/**
 * The back-office menu, grouped as the public site's main navigation is (lib/public/routes.ts:
 * a group's label is `site.routes.{group}`), plus the fixed pages and the system group
 * (lib/content/model/face.ts). Each resource names its group in its definition, so it appears once; a
 * resource with one list per section (boards, committees, editor pages…) becomes a sub-list with
 * one entry per section.
 */
export { type MenuGroupId };

/** The group that also holds the web settings (Admins only). */
const settingsGroup: MenuGroupId = 'system';

/** Each group's resources, in registry order: every resource names its group (`menu` in its file). */
function menuGroups(): { id: MenuGroupId; resources: string[] }[] {
  return menuGroupIds.map((id) => ({
    id,
    resources: allResources()
      .filter((definition) => definition.menu === id)
      .map((definition) => definition.name),
  }));
}

/** Groups whose label comes from the admin messages rather than the public site's route names. */
export const adminOwnGroups: readonly MenuGroupId[] = ['pages', 'system'];

export interface MenuEntry {
  href: string;
  screen: AdminScreen;
  /** A resource's or section's label in both languages; absent for the media, settings and audit entries (messages). */
  label?: Label;
  children?: MenuEntry[];
}

interface MenuGroup {
  id: MenuGroupId;
  entries: MenuEntry[];
}

/**
 * Whether an account of this role may use something guarded by `access`: `admin` is for Admins only, anything else for
 * both roles.
 */
export function roleMay(role: 0 | 1, access: Access | undefined): boolean {
  return access !== 'admin' || role === 1;
}

/** Whether the role may open a resource's screens: its reads and writes both allowed. */
export function roleMayManage(role: 0 | 1, definition: ResourceDefinition): boolean {
  const { read, write } = traits(definition);
  return roleMay(role, read) && roleMay(role, write);
}

function resourceEntry(language: WireLanguage, definition: ResourceDefinition): MenuEntry {
  const list: AdminScreen = { kind: 'list', resource: definition.name };
  const sectionField = sectionFieldOf(definition);
  return {
    href: adminPath(language, list),
    screen: list,
    label: definition.label,
    children: sectionField?.list.map((section) => {
      const screen: AdminScreen = { kind: 'list', resource: definition.name, section: section.value };
      return { href: adminPath(language, screen), screen, label: section.label };
    }),
  };
}

/**
 * The menu an account of `role` sees: what the role may not do is left out (web settings, the audit log and accounts
 * for Users); both roles have the media library and the newsletter.
 */
export function buildMenu(language: WireLanguage, role: 0 | 1): MenuGroup[] {
  return menuGroups()
    .map((group) => {
      const entries = group.resources
        .map((name) => findResource(name))
        .filter((definition): definition is ResourceDefinition => !!definition && roleMayManage(role, definition))
        .map((definition) => resourceEntry(language, definition));
      if (group.id === settingsGroup) {
        const own: AdminScreen[] =
          role === 1
            ? [{ kind: 'media' }, { kind: 'newsletter' }, { kind: 'settings' }, { kind: 'audit' }]
            : [{ kind: 'media' }, { kind: 'newsletter' }];
        entries.push(...own.map((screen) => ({ href: adminPath(language, screen), screen })));
      }
      return { id: group.id, entries };
    })
    .filter((group) => group.entries.length > 0);
}

/** Every resource the menu places, for the check that none is missing or placed twice. */
export function menuResourceNames(): string[] {
  return menuGroups().flatMap((group) => group.resources);
}

/** All registry resources in menu order (the dashboard's counts follow the menu). */
export function resourcesInMenuOrder(role: 0 | 1): ResourceDefinition[] {
  const placed = new Map(allResources().map((definition) => [definition.name, definition]));
  return menuResourceNames()
    .map((name) => placed.get(name))
    .filter((definition): definition is ResourceDefinition => !!definition && roleMayManage(role, definition));
}

/** Whether a menu entry is the current screen or leads to it (the form of a row of that list). */
export function entryMatches(entry: MenuEntry, screen: AdminScreen): boolean {
  if (entry.screen.kind !== 'list') return screen.kind === entry.screen.kind;
  if (entry.screen.kind !== 'list' || !('resource' in screen)) return false;
  const section = 'section' in screen ? screen.section : undefined;
  return (
    entry.screen.resource === screen.resource &&
    (entry.screen.section === undefined || entry.screen.section === section)
  );
}
