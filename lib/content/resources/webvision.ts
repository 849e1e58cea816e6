import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webvision',
  label: { tw: '影音專區', en: 'Videos' },
  titleField: 'title',
  ordered: true,
  parents: ['category'],
  sectionInPath: true,
  audience: true,
  fields: {
    category: field.section('visionCategories', ['分類', 'Category'], { listed: true }),
    title: field.text(['標題', 'Title'], { required: true, searchable: true, listed: true }),
    description: field.longtext(['說明', 'Description'], { max: 2000, searchable: true }),
    // A YouTube or Vimeo address, or an uploaded mp4's /uploads/… address.
    videoUrl: field.text(['影片網址', 'Video address'], {
      required: true,
      max: 2000,
      pattern: /^(https?:\/\/|\/uploads\/)\S+$/i,
      sortable: false,
    }),
    thumbnail: field.image(['縮圖', 'Thumbnail']),
    clicks: field.integer(['點閱數', 'Views'], { readOnly: true, defaultValue: 0, listed: true }),
  },
  menu: 'about',
  public: {
    route: 'videos',
    shows: 'item',
    query: { type: 'category' },
    sort: [
      { field: 'category', direction: 'asc' },
      { field: 'order', direction: 'asc' },
    ],
    pageSize: 12,
  },
});
