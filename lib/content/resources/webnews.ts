import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webnews',
  label: { tw: '最新消息', en: 'News' },
  openData: true,
  titleField: 'title',
  window: true,
  audience: true,
  fields: {
    title: field.text(['標題', 'Title'], { required: true, searchable: true, listed: true }),
    summary: field.longtext(['摘要', 'Summary'], { max: 1000, searchable: true }),
    content: field.richtext(['內容', 'Content'], { searchable: true }),
    image: field.image(['圖片', 'Image']),
    files: field.files(['附件', 'Attachments']),
    isPinned: field.boolean(['置頂', 'Pinned'], { listed: true }),
  },
  defaultSort: [
    { field: 'isPinned', direction: 'desc' },
    { field: 'publishAt', direction: 'desc' },
  ],
  menu: 'announcements',
  public: { route: 'news', pageSize: 10 },
});
