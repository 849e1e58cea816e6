import { defineResource } from '../model/define';
import { field } from '../model/fields';

const roleChoices = [
  { value: 0, label: { tw: '一般使用者', en: 'User' } },
  { value: 1, label: { tw: '管理者', en: 'Admin' } },
  { value: 2, label: { tw: '會員', en: 'Member' } },
] as const;

export default defineResource({
  name: 'account',
  label: { tw: '帳號', en: 'Accounts' },
  titleField: 'username',
  localized: false,
  visibility: false,
  access: { read: 'admin', write: 'admin' },
  history: false,
  fields: {
    username: field.text(['帳號', 'Username'], {
      required: true,
      min: 3,
      max: 64,
      // An e-mail address is a username (a Member signs in with theirs), sub-addresses (a+b@…) included.
      pattern: /^[A-Za-z0-9_.@+-]+$/,
      unique: true,
      searchable: true,
      listed: true,
    }),
    displayName: field.text(['顯示名稱', 'Display name'], { required: true, max: 100, searchable: true, listed: true }),
    email: field.email(['電子郵件', 'E-mail'], { listed: true }),
    role: field.choice(roleChoices, ['角色', 'Role'], { required: true, listed: true }),
    // A Member's institution and whether they are its key contact (staff accounts have neither).
    memberId: field.reference('webmemberdept', ['會員機構', 'Member institution'], {
      listed: true,
      titled: true,
    }),
    keyContact: field.boolean(['主要聯絡人', 'Key contact']),
    isDisabled: field.boolean(['停用', 'Disabled'], { listed: true }),
    password: field.password(['密碼', 'Password'], { required: true }),
    passwordHash: field.text(['密碼雜湊', 'Password hash'], { max: 500, hidden: true, readOnly: true }),
    failedLogins: field.integer(['登入失敗次數', 'Failed sign-ins'], { readOnly: true, defaultValue: 0 }),
    lockedUntil: field.datetime(['鎖定至', 'Locked until'], { readOnly: true }),
    lastLoginAt: field.datetime(['最後登入', 'Last sign-in'], { readOnly: true, listed: true }),
  },
  defaultSort: [{ field: 'id', direction: 'asc' }],
  menu: 'system',
});
