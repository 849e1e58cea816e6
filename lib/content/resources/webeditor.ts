import { defineResource } from '../model/define';
import { field } from '../model/fields';

/** The rich-text blocks of the site's fixed pages; the page key stands in every path (`webeditor/get/{page}/{id}`…). */
export default defineResource({
  name: 'webeditor',
  label: { tw: '頁面內容', en: 'Page sections' },
  titleField: 'title',
  ordered: true,
  parents: ['page'],
  sectionInPath: true,
  fixedPage: 'page',
  fields: {
    page: field.section('editorPages', ['頁面', 'Page'], { listed: true }),
    title: field.text(['標題', 'Title'], { required: true, searchable: true, listed: true }),
    content: field.richtext(['內容', 'Content'], { required: true, searchable: true }),
  },
  menu: 'pages',
});
