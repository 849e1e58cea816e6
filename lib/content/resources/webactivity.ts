import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webactivity',
  label: { tw: '活動', en: 'Activities' },
  titleField: 'title',
  window: true,
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
  },
  defaultSort: [{ field: 'startAt', direction: 'desc' }],
  menu: 'announcements',
  public: { route: 'activities', pageSize: 10 },
});
