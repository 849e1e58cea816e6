import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webruleclass',
  label: { tw: '法規類別', en: 'Law classes' },
  titleField: 'name',
  ordered: true,
  fields: {
    name: field.text(['名稱', 'Name'], { required: true, max: 100, searchable: true, listed: true }),
  },
  menu: 'lawsGroup',
  public: { route: 'laws', shows: 'filter', query: { class: 'id' } },
});
