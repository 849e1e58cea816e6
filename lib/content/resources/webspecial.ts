import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webspecial',
  label: { tw: '專區內容', en: 'Zone items' },
  titleField: 'title',
  ordered: true,
  window: true,
  audience: true,
  parents: ['groupId', 'groupTypeId'],
  fields: {
    groupId: field.reference('webspecialgroup', ['專區', 'Zone'], { required: true, listed: true }),
    groupTypeId: field.reference('webspecialgrouptype', ['專區分類', 'Zone section'], { required: true, listed: true }),
    title: field.text(['標題', 'Title'], { required: true, searchable: true, listed: true }),
    content: field.richtext(['內容', 'Content'], { searchable: true }),
    link: field.url(['連結', 'Link']),
    image: field.image(['圖片', 'Image']),
    files: field.files(['附件', 'Attachments']),
  },
  menu: 'services',
  public: { route: 'special' },
});
