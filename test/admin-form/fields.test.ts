/**
 * Which controls the back-office form shows, read from the resource definitions: common fields,
 * read-only values, parents fixed by the list's path, and references that depend on another field.
 */
import {
  counterpartPath,
  dependencyOf,
  formFields,
  hasCounterpart,
  pathParentValues,
} from '../../lib/admin-form/fields';
import { allResources, findResource } from '../../lib/content/model/registry';

const definition = (name: string) => {
  const found = findResource(name);
  if (!found) throw new Error(`no resource ${name}`);
  return found;
};
const summary = (name: string, options: Parameters<typeof formFields>[1]) =>
  formFields(definition(name), options).map(({ key, access }) => `${key}:${access}`);

describe('formFields', () => {
  test('news: its own fields in order, then the publication window, visibility, audience and the counterpart', () => {
    expect(summary('webnews', { mode: 'add' })).toEqual([
      'title:editable',
      'summary:editable',
      'content:editable',
      'image:editable',
      'files:editable',
      'isPinned:editable',
      'publishAt:editable',
      'unpublishAt:editable',
      'isVisible:editable',
      'audience:editable',
      'translationId:editable',
    ]);
  });

  test('accounts: no visibility, the password hash never, server-kept values read-only on edit only', () => {
    expect(summary('account', { mode: 'add' })).toEqual([
      'username:editable',
      'displayName:editable',
      'email:editable',
      'role:editable',
      'memberId:editable',
      'keyContact:editable',
      'isDisabled:editable',
      'password:editable',
    ]);
    expect(summary('account', { mode: 'update' })).toEqual([
      'username:editable',
      'displayName:editable',
      'email:editable',
      'role:editable',
      'memberId:editable',
      'keyContact:editable',
      'isDisabled:editable',
      'password:editable',
      'failedLogins:readOnly',
      'lockedUntil:readOnly',
      'lastLoginAt:readOnly',
    ]);
  });

  test('localized public content offers its counterpart in the other language, last', () => {
    expect(summary('webnews', { mode: 'update' }).at(-1)).toBe('translationId:editable');
    expect(summary('websupervisor', { mode: 'add', path: [2] }).at(-1)).toBe('translationId:editable');
    const offering = allResources().filter((d) => summary(d.name, { mode: 'add' }).includes('translationId:editable'));
    // Every localized resource except contact messages (localized, but never published).
    expect(offering.map((d) => d.name).sort()).toEqual(
      allResources()
        .filter((d) => d.localized !== false && d.name !== 'webcontact')
        .map((d) => d.name)
        .sort(),
    );
    expect(offering.length).toBeGreaterThan(20);
    for (const name of ['account', 'webbilingual', 'webcontact']) {
      expect(formFields(definition(name), { mode: 'update' }).map((f) => f.key)).not.toContain('translationId');
      expect(hasCounterpart(definition(name))).toBe(false);
    }
  });

  test('the counterpart choices are narrowed by leading section parents only', () => {
    // Sections are shared by both languages.
    expect(counterpartPath(definition('websupervisor'), { boardType: '2' })).toEqual(['2']);
    expect(counterpartPath(definition('webqa'), { category: '0' })).toEqual(['0']);
    expect(counterpartPath(definition('webareainfo'), { areaType: '1', regionCode: '3' })).toEqual(['1', '3']);
    expect(counterpartPath(definition('webareainfo'), { areaType: '1', regionCode: '' })).toEqual(['1']);
    expect(counterpartPath(definition('webareainfo'), { areaType: '', regionCode: '3' })).toEqual([]);
    // Reference parents are rows of one language: their ids say nothing about the other one.
    expect(counterpartPath(definition('webrule'), { classId: '4', businessId: '5' })).toEqual([]);
    expect(counterpartPath(definition('webbulletin'), { typeId: '4' })).toEqual([]);
    expect(counterpartPath(definition('webnews'), {})).toEqual([]);
  });

  test('a section that stands in the add and update paths is fixed in both modes', () => {
    expect(summary('websupervisor', { mode: 'add', path: [2] })[0]).toBe('boardType:fixed');
    expect(summary('websupervisor', { mode: 'update', path: [2] })[0]).toBe('boardType:fixed');
    // Without a path the section is chosen in the form.
    expect(summary('websupervisor', { mode: 'add' })[0]).toBe('boardType:editable');
  });

  test('a reference parent from the path is fixed when adding and a select when editing (reparenting)', () => {
    expect(summary('webrulebusiness', { mode: 'add', path: [5] })[0]).toBe('classId:fixed');
    expect(summary('webrulebusiness', { mode: 'update', path: [5] })[0]).toBe('classId:editable');
  });

  test('path 0 means "all" except where 0 is a section of its own (Q&A general)', () => {
    expect(pathParentValues(definition('webbulletin'), [0])).toEqual({});
    expect(pathParentValues(definition('webqa'), [0])).toEqual({ category: 0 });
    expect(pathParentValues(definition('websystem'), ['3', '7'])).toEqual({ unitId: 3, unitTypeId: 7 });
    expect(pathParentValues(definition('websystem'), [3, 'x'])).toEqual({ unitId: 3 });
  });

  test('references whose rows belong to a parent this form also edits depend on it', () => {
    const rule = definition('webrule');
    expect(dependencyOf(rule, rule.fields.businessId)).toBe('classId');
    expect(dependencyOf(rule, rule.fields.classId)).toBeUndefined();
    expect(dependencyOf(rule, rule.fields.attributeId)).toBeUndefined();
    const system = definition('websystem');
    expect(dependencyOf(system, system.fields.unitTypeId)).toBe('unitId');
    const special = definition('webspecial');
    expect(dependencyOf(special, special.fields.groupTypeId)).toBe('groupId');
    const area = definition('webareainfo');
    expect(dependencyOf(area, area.fields.memberDeptId)).toBeUndefined();
  });
});
