import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'websystem',
  label: { tw: '線上系統', en: 'Online systems' },
  titleField: 'name',
  ordered: true,
  parents: ['unitId', 'unitTypeId'],
  fields: {
    unitId: field.reference('websystemunit', ['系統單位', 'System owner'], { required: true, listed: true }),
    unitTypeId: field.reference('websystemunittype', ['系統類別', 'System category'], { required: true, listed: true }),
    name: field.text(['系統名稱', 'Name'], { required: true, max: 200, searchable: true, listed: true }),
    description: field.longtext(['說明', 'Description'], { max: 1000, searchable: true }),
    url: field.url(['網址', 'Address'], { required: true }),
    contact: field.text(['聯絡方式', 'Contact'], { max: 200 }),
  },
  menu: 'services',
  public: { route: 'systems', shows: 'item' },
});
