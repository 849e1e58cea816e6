/**
 * A resource's hooks and own calls are attached to its definition, never to a name: each file of
 * lib/content/hooks/ and lib/content/endpoints/ is found by its definition, and the rows a hook
 * is given are checked against that definition first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { endpointsFor } from '../lib/content/endpoints';
import type { ResourceEndpoints } from '../lib/content/endpoints/define';
import { hooksFor } from '../lib/content/hooks';
import { defineHooks, type RegisteredHooks } from '../lib/content/hooks/define';
import { operator } from '../lib/content/model/actor';
import { inputOf, isRowOf, rowOf, RowShapeError } from '../lib/content/model/row-check';
import { resources } from '../lib/content/model/registry';

const modulesOf = (folder: string) =>
  fs
    .readdirSync(path.join(__dirname, '../lib/content', folder))
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && file !== 'define.ts')
    .map((file) => file.replace(/\.ts$/, ''));

describe('registration', () => {
  test.each(modulesOf('hooks'))('hooks/%s is the hooks of the resource it names', (name) => {
    const hooks = jest.requireActual<{ default: RegisteredHooks }>(`../lib/content/hooks/${name}`).default;
    expect(hooks.definition.name).toBe(name);
    expect(hooksFor(hooks.definition)).toBe(hooks);
  });

  test.each(modulesOf('endpoints'))('endpoints/%s are the calls of the resource it names', (name) => {
    const endpoints = jest.requireActual<{ default: ResourceEndpoints }>(`../lib/content/endpoints/${name}`).default;
    expect(endpoints.definition.name).toBe(name);
    expect(endpointsFor(endpoints.definition)).toBe(endpoints.calls);
  });

  test('a resource with neither has no hooks and no calls of its own', () => {
    expect(hooksFor(resources.webnews)).toEqual({});
    expect(endpointsFor(resources.webnews)).toEqual([]);
  });
});

const now = new Date('2026-01-02T03:04:05Z');
const storedAccount = {
  id: 7,
  username: 'editor',
  displayName: 'Editor',
  email: null,
  role: 0,
  memberId: null,
  keyContact: false,
  isDisabled: false,
  passwordHash: 'hash',
  failedLogins: 0,
  lockedUntil: null,
  lastLoginAt: now,
  createdAt: now,
  updatedAt: now,
  updatedBy: null,
  version: 1,
};

describe('row checks', () => {
  test('a stored row matches its definition', () => {
    expect(isRowOf(resources.account, storedAccount)).toBe(true);
    expect(rowOf(resources.account, storedAccount)).toBe(storedAccount);
  });

  test('a missing column or a value of another kind is named', () => {
    const { lastLoginAt, ...withoutLastLogin } = storedAccount;
    expect(lastLoginAt).toBe(now);
    expect(() => rowOf(resources.account, withoutLastLogin)).toThrow(RowShapeError);
    expect(() => rowOf(resources.account, { ...storedAccount, role: '1' })).toThrow('at role');
    expect(() => rowOf(resources.account, { ...storedAccount, isDisabled: 0 })).toThrow('at isDisabled');
  });

  test('the common columns follow the flags: a localized, windowed resource needs its language and window', () => {
    const news = {
      id: 1,
      title: 'News',
      content: null,
      typeId: null,
      isPinned: false,
      files: [],
      audience: 'everyone',
      lang: 'tw',
      translationId: null,
      isVisible: true,
      publishAt: now,
      unpublishAt: null,
      createdAt: now,
      updatedAt: now,
      updatedBy: null,
      version: 1,
    };
    const known = Object.keys(resources.webnews.fields).filter((key) => !(key in news));
    const row = { ...news, ...Object.fromEntries(known.map((key) => [key, null])) };
    expect(isRowOf(resources.webnews, row)).toBe(true);
    expect(() => rowOf(resources.webnews, { ...row, lang: 'fr' })).toThrow('at lang');
    expect(() => rowOf(resources.webnews, { ...row, publishAt: null })).toThrow('at publishAt');
  });

  test('input may hold virtual fields (a password before hashing), but no key the resource does not have', () => {
    expect(inputOf(resources.account, { password: 'secret123', role: 1 })).toEqual({ password: 'secret123', role: 1 });
    expect(() => inputOf(resources.account, { passwrd: 'secret123' })).toThrow('at passwrd');
    expect(() => inputOf(resources.account, { role: 'admin' })).toThrow('at role');
  });

  test('a hook gets typed rows: a row that does not match never reaches it', async () => {
    const seen: number[] = [];
    const hooks = defineHooks(resources.account, {
      beforeDelete(existing) {
        seen.push(existing.id);
      },
    });
    await hooks.beforeDelete?.(storedAccount, operator('en'));
    await expect(hooks.beforeDelete?.({ ...storedAccount, id: 'seven' }, operator('en'))).rejects.toThrow(
      RowShapeError,
    );
    expect(seen).toEqual([7]);
  });
});
