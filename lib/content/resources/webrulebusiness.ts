import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webrulebusiness',
  label: { tw: '業務別', en: 'Business lines' },
  titleField: 'name',
  ordered: true,
  parents: ['classId'],
  fields: {
    classId: field.reference('webruleclass', ['法規類別', 'Law class'], { required: true, listed: true }),
    name: field.text(['名稱', 'Name'], { required: true, max: 100, searchable: true, listed: true }),
  },
  menu: 'lawsGroup',
  public: { route: 'laws', shows: 'filter', query: { class: 'classId', business: 'id' } },
});
