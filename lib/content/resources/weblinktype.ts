import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'weblinktype',
  label: { tw: '連結類別', en: 'Link types' },
  titleField: 'name',
  ordered: true,
  fields: {
    name: field.text(['名稱', 'Name'], { required: true, max: 100, searchable: true, listed: true }),
  },
  menu: 'services',
  public: { route: 'links', shows: 'item' },
});
