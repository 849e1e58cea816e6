import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webmemorabilia',
  label: { tw: '大事紀', en: 'Milestones' },
  titleField: 'title',
  fields: {
    eventDate: field.date(['日期', 'Date'], { required: true, listed: true }),
    title: field.text(['標題', 'Title'], { required: true, searchable: true, listed: true }),
    content: field.richtext(['內容', 'Content'], { searchable: true }),
    image: field.image(['圖片', 'Image']),
  },
  defaultSort: [{ field: 'eventDate', direction: 'desc' }],
  menu: 'about',
  public: { route: 'milestones', shows: 'item', pageSize: 10 },
});
