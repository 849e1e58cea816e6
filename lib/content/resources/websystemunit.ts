import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'websystemunit',
  label: { tw: '系統單位', en: 'System owners' },
  titleField: 'name',
  ordered: true,
  fields: {
    name: field.text(['名稱', 'Name'], { required: true, max: 100, searchable: true, listed: true }),
    description: field.longtext(['說明', 'Description'], { max: 1000 }),
  },
  menu: 'services',
  public: { route: 'systems', shows: 'item' },
});
