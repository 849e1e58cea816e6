import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webbulletintype',
  label: { tw: '公告類別', en: 'Bulletin types' },
  titleField: 'name',
  ordered: true,
  fields: {
    name: field.text(['名稱', 'Name'], { required: true, max: 100, searchable: true, listed: true }),
  },
  menu: 'announcements',
  public: { route: 'bulletins', shows: 'filter', query: { type: 'id' } },
});
