import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'weblink',
  label: { tw: '相關連結', en: 'Related links' },
  titleField: 'title',
  ordered: true,
  parents: ['typeId'],
  fields: {
    typeId: field.reference('weblinktype', ['類別', 'Type'], { required: true, listed: true }),
    title: field.text(['名稱', 'Title'], { required: true, searchable: true, listed: true }),
    url: field.url(['網址', 'Address'], { required: true, listed: true }),
    image: field.image(['圖片', 'Image']),
    description: field.longtext(['說明', 'Description'], { max: 1000, searchable: true }),
  },
  menu: 'services',
  public: { route: 'links', shows: 'item' },
});
