import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webareainfo',
  label: { tw: '地區資訊', en: 'Regional service points' },
  openData: true,
  titleField: 'name',
  ordered: true,
  parents: ['areaType', 'regionCode'],
  sectionInPath: true,
  fields: {
    areaType: field.section('areaTypes', ['類型', 'Kind'], { listed: true }),
    regionCode: field.section('regions', ['縣市', 'County or city'], { listed: true }),
    memberDeptId: field.reference('webmemberdept', ['會員機構', 'Member institution'], { listed: true }),
    name: field.text(['名稱', 'Name'], { required: true, max: 200, searchable: true, listed: true }),
    address: field.text(['地址', 'Address'], { max: 300, searchable: true }),
    phone: field.text(['電話', 'Phone'], { max: 50 }),
    url: field.url(['網址', 'Website']),
    note: field.longtext(['備註', 'Note'], { max: 1000 }),
  },
  menu: 'membersGroup',
  public: {
    route: 'servicePoints',
    shows: 'item',
    query: { type: 'areaType', region: 'regionCode' },
    sort: [
      { field: 'regionCode', direction: 'asc' },
      { field: 'areaType', direction: 'asc' },
      { field: 'order', direction: 'asc' },
    ],
    pageSize: 20,
  },
});
