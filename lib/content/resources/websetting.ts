import { defineResource, type ResourceDefinition } from '../model/define';
import { field, type Field } from '../model/fields';

/**
 * Web settings (`websetting/webinfo`, docs/api.md): what makes the site one association's site rather
 * than another's. A global definition, not a content resource: no rows, no list, not in the registry,
 * but one JSON document per language (`websetting.scope` = `tw` or `en`) plus one shared by both
 * (`*`). The fields are declared with the same builders as resources, so the back-office form and
 * validation (lib/content/model/validation.ts) read them like any other. The operations
 * (lib/content/operations/settings.ts) check access, validate and audit; storage
 * (lib/content/storage/settings.ts) keeps them.
 */

/** Stored once per language. */
export const localizedSettingFields = {
  siteName: field.text(['網站名稱', 'Site name'], { max: 100 }),
  associationName: field.text(['公會名稱', 'Association name'], { max: 200 }),
  logo: field.image(['標誌', 'Logo']),
  address: field.text(['地址', 'Address'], { max: 300 }),
  phone: field.text(['電話', 'Phone'], { max: 50 }),
  fax: field.text(['傳真', 'Fax'], { max: 50 }),
  email: field.email(['電子郵件', 'E-mail']),
  // Staff addresses: never shown to visitors, so not public.
  notifyEmails: field.emails(
    ['新聯絡訊息通知信箱（以逗號分隔）', 'Notify of new contact messages (addresses, comma-separated)'],
    { public: false },
  ),
  officeHours: field.text(['服務時間', 'Office hours'], { max: 200 }),
  footerNote: field.longtext(['頁尾說明', 'Footer note'], { max: 2000 }),
  metaDescription: field.longtext(['網站描述（搜尋引擎）', 'Meta description'], { max: 500 }),
  metaKeywords: field.text(['網站關鍵字（搜尋引擎）', 'Meta keywords'], { max: 500 }),
} satisfies Record<string, Field>;

/** Stored once for both languages. */
export const sharedSettingFields = {
  // The count carried over from the previous website; `oldvisitcount` is how visitors see it.
  legacyVisitCount: field.integer(['舊網站瀏覽人次', 'Legacy visit count'], { min: 0, defaultValue: 0, public: false }),
  // A measurement id such as G-XXXXXXXXXX: public by nature, the page that loads analytics prints it.
  analyticsId: field.text(['網站分析代碼', 'Analytics id'], { max: 40, pattern: /^[A-Za-z0-9-]+$/ }),
  // Whether Users' writes to public content wait for an Admin (lib/content/operations/approval.ts).
  approvalRequired: field.boolean(['發布需經核准', 'Publishing needs approval'], {
    defaultValue: false,
    public: false,
  }),
  approverEmails: field.emails(
    [
      '核准通知信箱（以逗號分隔，空白則通知所有管理者）',
      'Approvers to notify (addresses, comma-separated; empty: every Admin)',
    ],
    { public: false },
  ),
  // Words the site search treats as one (lib/public/site-search.ts): a group per line, words separated by commas.
  searchSynonyms: field.longtext(
    ['搜尋同義詞（每行一組，以逗號分隔）', 'Search synonyms (one group per line, words separated by commas)'],
    { max: 5000, public: false },
  ),
  // Which accounts must have a second factor (lib/content/operations/second-factor-policy.ts).
  secondFactorPolicy: field.text(['要求兩步驟驗證', 'Require two-step verification'], {
    max: 10,
    pattern: /^(none|admins|everyone|members)$/,
    public: false,
  }),
  // Sign-ups for activities (lib/content/operations/registration/).
  reminderDays: field.text(
    [
      '活動提醒（開始前幾天，以逗號分隔；預設 3,1）',
      'Activity reminders (days before the start, comma-separated; default 3,1)',
    ],
    { max: 20, pattern: /^\d{1,2}(,\s*\d{1,2}){0,4}$/, public: false },
  ),
  registrationRetentionMonths: field.integer(
    ['報名個資保存月數（活動結束後；預設 12）', 'Keep sign-ups’ personal data (months after the activity; default 12)'],
    { min: 1, max: 120, public: false },
  ),
  // How often the newsletter's digest of new items is sent (lib/content/operations/newsletter-digest.ts).
  newsletterDigest: field.text(['電子報摘要', 'Newsletter digest'], {
    max: 10,
    pattern: /^(off|daily|weekly)$/,
    public: false,
  }),
  // How many Member accounts one institution may have (its key contact invites them: member-contacts.ts).
  memberContactsMax: field.integer(
    ['每個會員機構的帳號上限（預設 5）', 'Accounts per member institution (default 5)'],
    {
      min: 1,
      max: 100,
      public: false,
    },
  ),
} satisfies Record<string, Field>;

export const DEFAULT_MEMBER_CONTACTS_MAX = 5;
export const DEFAULT_REMINDER_DAYS = [3, 1];
export const DEFAULT_REGISTRATION_RETENTION_MONTHS = 12;

/**
 * Who must have a second factor: nobody (the default), Admins, every staff account (Users and
 * Admins), or every account, the member area's Members too.
 */
export const SECOND_FACTOR_POLICIES = ['none', 'admins', 'everyone', 'members'] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];
/** How often the newsletter's digest goes out: never (the default), daily or weekly. */
export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

export type LocalizedSettingKey = keyof typeof localizedSettingFields;
export type SharedSettingKey = keyof typeof sharedSettingFields;

/**
 * The settings as one definition: validateInput checks a body against it, and the back office builds
 * the settings form from it. It is not in the registry, so it has no table or generic routes.
 */
const websetting: ResourceDefinition = defineResource({
  name: 'websetting',
  label: { tw: '網站設定', en: 'Web settings' },
  titleField: 'siteName',
  localized: false,
  visibility: false,
  access: { read: 'public', write: 'admin' },
  fields: { ...localizedSettingFields, ...sharedSettingFields },
  menu: 'system',
});

export default websetting;
