import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webspecialgrouptype',
  label: { tw: '專區分類', en: 'Zone sections' },
  titleField: 'name',
  ordered: true,
  parents: ['groupId'],
  fields: {
    groupId: field.reference('webspecialgroup', ['專區', 'Zone'], { required: true, listed: true }),
    name: field.text(['名稱', 'Name'], { required: true, max: 100, searchable: true, listed: true }),
  },
  menu: 'services',
  public: { route: 'special' },
});
