import { plainText, revisionDiff } from '../../lib/admin-form/revision-diff';
import { findResource } from '../../lib/content/model/registry';

const words = { yes: 'yes', no: 'no' };

describe('revisionDiff', () => {
  const webnews = findResource('webnews')!;

  test('lists only the fields that differ, in form order, readable', () => {
    const current = {
      id: 1,
      title: 'Now',
      summary: 'same',
      content: '<p>New <strong>text</strong></p>',
      isVisible: true,
      isPinned: false,
      files: ['a'],
      publishAt: '2025-01-02T03:04:05',
      updatedAt: '2025-02-01T00:00:00',
    };
    const revision = {
      id: 1,
      title: 'Then',
      summary: 'same',
      content: '<p>Old&nbsp;text &amp; more</p>',
      isVisible: false,
      isPinned: false,
      files: ['a', 'b'],
      publishAt: '2025-01-02T03:04:05',
      updatedAt: '2024-01-01T00:00:00',
    };
    expect(revisionDiff(webnews, current, revision, 'en', words)).toEqual([
      { key: 'isVisible', label: 'Visible', before: 'yes', after: 'no' },
      { key: 'title', label: webnews.fields.title.label.en, before: 'Now', after: 'Then' },
      { key: 'content', label: webnews.fields.content.label.en, before: 'New text', after: 'Old text & more' },
      { key: 'files', label: webnews.fields.files.label.en, before: 'a', after: 'a, b' },
    ]);
  });

  test('markup alone is no difference; choices read as their labels', () => {
    expect(revisionDiff(webnews, { content: '<p>Same</p>' }, { content: 'Same' }, 'tw', words)).toEqual([]);
    const contact = findResource('webcontact')!;
    const status = contact.fields.status;
    if (status.kind !== 'choice') throw new Error('status is a choice');
    const [first, second] = status.choices;
    const changes = revisionDiff(contact, { status: first.value }, { status: second.value }, 'tw', words);
    expect(changes).toEqual([
      { key: 'status', label: status.label.tw, before: first.label.tw, after: second.label.tw },
    ]);
  });

  test('accounts compare no hidden or write-only field', () => {
    const account = findResource('account')!;
    expect(
      revisionDiff(account, { passwordHash: 'x', password: 'a' }, { passwordHash: 'y', password: 'b' }, 'en', words),
    ).toEqual([]);
  });

  test('plainText folds tags, entities and spaces', () => {
    expect(plainText('<h2>A</h2><p>b<br>c &lt;d&gt;</p>')).toBe('A b c <d>');
  });
});
