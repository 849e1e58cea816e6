import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webstatics',
  label: { tw: '統計資料', en: 'Statistics' },
  openData: true,
  titleField: 'title',
  ordered: true,
  audience: true,
  parents: ['staticsType'],
  sectionInPath: true,
  fields: {
    staticsType: field.section('staticsTypes', ['統計類別', 'Statistics type'], { listed: true }),
    year: field.integer(['年度', 'Year'], { required: true, min: 1900, max: 2200, listed: true }),
    period: field.text(['期間', 'Period'], { max: 20, listed: true }),
    title: field.text(['標題', 'Title'], { required: true, searchable: true, listed: true }),
    content: field.richtext(['內容', 'Content'], { searchable: true }),
    files: field.files(['附件', 'Attachments']),
  },
  menu: 'info',
  public: {
    route: 'statistics',
    sort: [
      { field: 'year', direction: 'desc' },
      { field: 'staticsType', direction: 'asc' },
      { field: 'order', direction: 'asc' },
    ],
    pageSize: 10,
  },
});
