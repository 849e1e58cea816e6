import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webeducation',
  label: { tw: '教育宣導', en: 'Education' },
  titleField: 'title',
  ordered: true,
  audience: true,
  parents: ['category'],
  sectionInPath: true,
  fields: {
    category: field.section('educationCategories', ['分類', 'Category'], { listed: true }),
    title: field.text(['標題', 'Title'], { required: true, searchable: true, listed: true }),
    summary: field.longtext(['摘要', 'Summary'], { max: 1000, searchable: true }),
    content: field.richtext(['內容', 'Content'], { searchable: true }),
    image: field.image(['圖片', 'Image']),
    files: field.files(['附件', 'Attachments']),
    link: field.url(['相關連結', 'Link']),
  },
  menu: 'info',
  public: {
    route: 'education',
    sort: [
      { field: 'category', direction: 'asc' },
      { field: 'order', direction: 'asc' },
    ],
    pageSize: 10,
  },
});
