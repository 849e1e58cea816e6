import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webspecialgroup',
  label: { tw: '專區', en: 'Special zones' },
  titleField: 'name',
  ordered: true,
  fields: {
    name: field.text(['名稱', 'Name'], { required: true, max: 100, searchable: true, listed: true }),
    description: field.longtext(['說明', 'Description'], { max: 2000 }),
    banner: field.image(['橫幅圖片', 'Banner']),
  },
  menu: 'services',
  public: { route: 'special' },
});
