import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webruleattribute',
  label: { tw: '法規屬性', en: 'Law attributes' },
  titleField: 'name',
  ordered: true,
  fields: {
    name: field.text(['名稱', 'Name'], { required: true, max: 100, searchable: true, listed: true }),
  },
  menu: 'lawsGroup',
  public: { route: 'laws', shows: 'filter', query: { attribute: 'id' } },
});
