import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webdisciplinetype',
  label: { tw: '自律規範類別', en: 'Self-regulation types' },
  titleField: 'name',
  ordered: true,
  fields: {
    name: field.text(['名稱', 'Name'], { required: true, max: 100, searchable: true, listed: true }),
  },
  menu: 'lawsGroup',
  public: { route: 'selfRegulation', shows: 'filter', query: { type: 'id' } },
});
