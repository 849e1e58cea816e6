import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'websystemunittype',
  label: { tw: '系統類別', en: 'System categories' },
  titleField: 'name',
  ordered: true,
  parents: ['unitId'],
  fields: {
    unitId: field.reference('websystemunit', ['系統單位', 'System owner'], { required: true, listed: true }),
    name: field.text(['名稱', 'Name'], { required: true, max: 100, searchable: true, listed: true }),
  },
  menu: 'services',
  public: { route: 'systems', shows: 'item' },
});
