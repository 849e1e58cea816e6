import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webtrusttest',
  label: { tw: '專業測驗', en: 'Professional tests' },
  titleField: 'title',
  window: true,
  fields: {
    title: field.text(['名稱', 'Title'], { required: true, searchable: true, listed: true }),
    examDate: field.date(['測驗日期', 'Exam date'], { listed: true }),
    registrationStart: field.datetime(['報名開始', 'Registration opens']),
    registrationEnd: field.datetime(['報名截止', 'Registration closes'], { listed: true }),
    content: field.richtext(['內容', 'Content'], { searchable: true }),
    files: field.files(['附件', 'Attachments']),
  },
  defaultSort: [{ field: 'examDate', direction: 'desc' }],
  menu: 'info',
  public: { route: 'tests', pageSize: 10 },
});
