import { defineResource } from '../model/define';
import { field } from '../model/fields';

/**
 * Messages from the contact form. Visitors add them (captcha, rate limit: endpoints/webcontact.ts);
 * staff read and answer them; they are never deleted.
 */
export default defineResource({
  name: 'webcontact',
  label: { tw: '聯絡我們', en: 'Contact messages' },
  titleField: 'subject',
  visibility: false,
  deletable: false,
  addable: false,
  // The inbox filters by status: getlist/{status} (0 is "new", plain getlist lists all).
  parents: ['status'],
  access: { read: 'user', write: 'user' },
  // What visitors wrote, with their addresses: only Admins take it all away as a spreadsheet.
  exportAccess: 'admin',
  fields: {
    name: field.text(['姓名', 'Name'], { required: true, max: 100, searchable: true, listed: true }),
    email: field.email(['電子郵件', 'E-mail'], { required: true, searchable: true, listed: true }),
    phone: field.text(['電話', 'Phone'], { max: 50 }),
    subject: field.text(['主旨', 'Subject'], { required: true, searchable: true, listed: true }),
    message: field.longtext(['內容', 'Message'], { required: true, max: 5000, searchable: true }),
    status: field.section('contactStatuses', ['狀態', 'Status'], { listed: true }),
    replyNote: field.longtext(['處理說明', 'Reply note'], { max: 5000 }),
    accountId: field.integer(['帳號', 'Account'], { readOnly: true }),
  },
  menu: 'contact',
});
