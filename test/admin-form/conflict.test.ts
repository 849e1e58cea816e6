import { conflictFields, defaultChoices, mergedValues } from '../../lib/admin-form/conflict';
import { formFields } from '../../lib/admin-form/fields';
import { rowToFormValues } from '../../lib/admin-form/values';
import { findResource } from '../../lib/content/model/registry';

/** A stale save's side-by-side view: which fields differ, their text, the default choices, the merge. */
const news = findResource('webnews')!;
const fields = formFields(news, { mode: 'update' });
const words = { yes: '是', no: '否' };
const values = (row: Record<string, unknown>) =>
  rowToFormValues(fields, { title: '原標題', summary: '原摘要', content: '<p>原文</p>', isPinned: false, ...row });

test('lists only the fields that differ, each side as text, marking what the editor changed', () => {
  const loaded = values({});
  const mine = values({ title: '我的標題' });
  const theirs = values({ title: '他的標題', summary: '他的摘要', content: '<p>他的<strong>內文</strong></p>' });
  const conflicts = conflictFields(fields, loaded, mine, theirs, 'tw', words);
  expect(conflicts).toEqual([
    { key: 'title', label: '標題', mine: '我的標題', theirs: '他的標題', edited: true },
    { key: 'summary', label: '摘要', mine: '原摘要', theirs: '他的摘要', edited: false },
    { key: 'content', label: '內容', mine: '原文', theirs: '他的內文', edited: false },
  ]);
  // The editor's own change is kept; what only the other save changed is taken from it.
  const choices = defaultChoices(conflicts);
  expect(choices).toEqual({ title: 'mine', summary: 'theirs', content: 'theirs' });
  expect(mergedValues(mine, theirs, choices)).toMatchObject({
    title: '我的標題',
    summary: '他的摘要',
    content: '<p>他的<strong>內文</strong></p>',
  });
  expect(mergedValues(mine, theirs, { title: 'theirs', summary: 'mine', content: 'mine' })).toMatchObject({
    title: '他的標題',
    summary: '原摘要',
    content: '<p>原文</p>',
  });
});

test('no field differs: nothing to choose', () => {
  const same = values({});
  expect(conflictFields(fields, same, same, values({}), 'en', { yes: 'Yes', no: 'No' })).toEqual([]);
});
