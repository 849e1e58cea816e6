import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webactivitytype',
  label: { tw: '活動類別', en: 'Activity types' },
  titleField: 'name',
  ordered: true,
  fields: {
    name: field.text(['名稱', 'Name'], { required: true, max: 100, searchable: true, listed: true }),
  },
  menu: 'announcements',
  public: { route: 'activities', shows: 'filter', query: { type: 'id' } },
});
