import { defineResource } from '../model/define';
import { field } from '../model/fields';

/** The fields a sign-up form may ask beyond name, e-mail and seats (`askFields`: `phone*,dietary`, `*` = required). */
export const ASKABLE_FIELDS = ['organization', 'jobTitle', 'phone', 'memberType', 'dietary', 'note'] as const;
const askable = ASKABLE_FIELDS.join('|');

// The sign-up settings are staff's (not shown as facts on the page nor sent to visitors as fields):
// the public page words the state they give (lib/content/operations/registration/sign-up.ts).
const staffOnly = { public: false } as const;

export default defineResource({
  name: 'webactivity',
  label: { tw: '活動', en: 'Activities' },
  titleField: 'title',
  window: true,
  audience: true,
  parents: ['typeId'],
  fields: {
    typeId: field.reference('webactivitytype', ['類別', 'Type'], { required: true, listed: true }),
    title: field.text(['活動名稱', 'Title'], { required: true, searchable: true, listed: true }),
    startAt: field.datetime(['開始時間', 'Starts'], { required: true, listed: true }),
    endAt: field.datetime(['結束時間', 'Ends']),
    location: field.text(['地點', 'Location'], { max: 300, searchable: true }),
    organizer: field.text(['主辦單位', 'Organizer'], { max: 200 }),
    registrationUrl: field.url(['報名網址', 'Registration']),
    content: field.richtext(['內容', 'Content'], { searchable: true }),
    image: field.image(['圖片', 'Image']),
    files: field.files(['附件', 'Attachments']),
    registrationEnabled: field.boolean(['開放線上報名', 'Online sign-up'], staffOnly),
    registrationOpensAt: field.datetime(['報名開始', 'Sign-up opens'], staffOnly),
    registrationClosesAt: field.datetime(
      ['報名截止（空白則為活動開始）', 'Sign-up closes (empty: the start)'],
      staffOnly,
    ),
    capacity: field.integer(['名額（空白則不限）', 'Seats (empty: no limit)'], { min: 1, max: 100_000, ...staffOnly }),
    waitlistEnabled: field.boolean(['額滿後候補', 'Waiting list when full'], staffOnly),
    maxSeats: field.integer(['每筆報名人數上限', 'Seats per sign-up'], {
      min: 1,
      max: 50,
      defaultValue: 1,
      ...staffOnly,
    }),
    askFields: field.text(
      [
        '報名表詢問欄位（organization, jobTitle, phone, memberType, dietary, note；以逗號分隔，加 * 為必填）',
        'Asked fields (organization, jobTitle, phone, memberType, dietary, note; comma-separated, * = required)',
      ],
      { max: 120, pattern: new RegExp(`^(${askable})\\*?(,(${askable})\\*?)*$`), ...staffOnly },
    ),
    consentText: field.longtext(['個人資料蒐集告知', 'Personal data notice'], { max: 4000, ...staffOnly }),
    consentVersion: field.text(['告知版本', 'Notice version'], { max: 40, ...staffOnly }),
  },
  defaultSort: [{ field: 'startAt', direction: 'desc' }],
  // The page words the sign-up's state, which moves at these times.
  changesAt: ['registrationOpensAt', 'registrationClosesAt', 'startAt'],
  menu: 'announcements',
  public: { route: 'activities', pageSize: 10 },
});
