import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webcommittee',
  label: { tw: '委員會', en: 'Committee members' },
  titleField: 'name',
  ordered: true,
  parents: ['committee'],
  sectionInPath: true,
  sectionStamp: true,
  fields: {
    committee: field.section('committees', ['委員會', 'Committee'], { listed: true }),
    name: field.text(['姓名', 'Name'], { required: true, max: 100, searchable: true, listed: true }),
    title: field.text(['職稱', 'Title'], { required: true, max: 100, listed: true }),
    organization: field.text(['服務機構', 'Organization'], { max: 200, searchable: true, listed: true }),
    organizationTitle: field.text(['機構職稱', 'Position at organization'], { max: 100 }),
    photo: field.image(['照片', 'Photo']),
  },
  menu: 'about',
  public: { route: 'committees', shows: 'item', query: { type: 'committee' } },
});
