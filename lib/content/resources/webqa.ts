import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webqa',
  label: { tw: '常見問答', en: 'Q&A' },
  titleField: 'question',
  ordered: true,
  parents: ['category'],
  sectionInPath: true, // the old API's getlist/0, get/0/{id}, add/0
  fields: {
    category: field.section('qaCategories', ['分類', 'Category'], { listed: true }),
    question: field.text(['問題', 'Question'], { required: true, max: 500, searchable: true, listed: true }),
    answer: field.richtext(['回答', 'Answer'], { required: true, searchable: true }),
  },
  menu: 'info',
  public: {
    route: 'qa',
    shows: 'item',
    query: { type: 'category' },
    sort: [
      { field: 'category', direction: 'asc' },
      { field: 'order', direction: 'asc' },
    ],
    pageSize: 10,
  },
});
