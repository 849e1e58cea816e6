import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webdiscipline',
  label: { tw: '自律規範', en: 'Self-regulation rules' },
  titleField: 'title',
  ordered: true,
  audience: true,
  parents: ['typeId'],
  fields: {
    typeId: field.reference('webdisciplinetype', ['類別', 'Type'], { required: true, listed: true }),
    title: field.text(['名稱', 'Title'], { required: true, max: 300, searchable: true, listed: true }),
    documentNumber: field.text(['文號', 'Document number'], { max: 100, searchable: true }),
    promulgatedOn: field.date(['訂定日期', 'Promulgated on'], { listed: true }),
    amendedOn: field.date(['修正日期', 'Amended on'], { listed: true }),
    content: field.richtext(['內容', 'Content'], { searchable: true }),
    files: field.files(['附件', 'Attachments']),
  },
  menu: 'lawsGroup',
  public: {
    route: 'selfRegulation',
    sort: [
      { field: 'typeId', direction: 'asc' },
      { field: 'order', direction: 'asc' },
    ],
    pageSize: 10,
  },
});
