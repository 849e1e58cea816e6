import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webrule',
  label: { tw: '法規', en: 'Laws and regulations' },
  openData: true,
  titleField: 'title',
  ordered: true,
  audience: true,
  parents: ['classId', 'businessId'],
  filters: ['attributeId'],
  fields: {
    classId: field.reference('webruleclass', ['法規類別', 'Law class'], { required: true, listed: true }),
    businessId: field.reference('webrulebusiness', ['業務別', 'Business line'], { listed: true }),
    attributeId: field.reference('webruleattribute', ['法規屬性', 'Attribute'], { listed: true }),
    title: field.text(['法規名稱', 'Title'], { required: true, max: 300, searchable: true, listed: true }),
    authority: field.text(['發布機關', 'Issuing authority'], { max: 100, searchable: true }),
    documentNumber: field.text(['發文字號', 'Document number'], { max: 100, searchable: true }),
    issuedOn: field.date(['發布日期', 'Issued on'], { listed: true }),
    content: field.richtext(['內容', 'Content'], { searchable: true }),
    files: field.files(['附件', 'Attachments']),
  },
  menu: 'lawsGroup',
  public: {
    route: 'laws',
    sort: [
      { field: 'classId', direction: 'asc' },
      { field: 'businessId', direction: 'asc' },
      { field: 'order', direction: 'asc' },
    ],
    pageSize: 10,
  },
});
