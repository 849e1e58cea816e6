import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webbulletin',
  label: { tw: '公告', en: 'Bulletins' },
  titleField: 'title',
  window: true,
  audience: true,
  parents: ['typeId'],
  fields: {
    typeId: field.reference('webbulletintype', ['類別', 'Type'], { required: true, listed: true }),
    title: field.text(['標題', 'Title'], { required: true, searchable: true, listed: true }),
    content: field.richtext(['內容', 'Content'], { searchable: true }),
    files: field.files(['附件', 'Attachments']),
    isPinned: field.boolean(['置頂', 'Pinned'], { listed: true }),
  },
  defaultSort: [
    { field: 'isPinned', direction: 'desc' },
    { field: 'publishAt', direction: 'desc' },
  ],
  menu: 'announcements',
  public: { route: 'bulletins', pageSize: 10 },
});
