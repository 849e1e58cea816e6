import { defineResource } from '../model/define';
import { field } from '../model/fields';

/** A glossary is bilingual by nature: one row holds both terms, so rows have no language. */
export default defineResource({
  name: 'webbilingual',
  label: { tw: '中英名詞對照', en: 'Glossary' },
  openData: true,
  importKey: 'termTw',
  titleField: 'termTw',
  localized: false,
  visibility: true,
  fields: {
    termTw: field.text(['中文名詞', 'Chinese term'], { required: true, searchable: true, listed: true }),
    termEn: field.text(['英文名詞', 'English term'], {
      required: true,
      pattern: /^[^\s]/,
      searchable: true,
      listed: true,
    }),
    description: field.longtext(['說明', 'Description'], { max: 2000, searchable: true }),
    // Derived from termEn on every write (lib/content/hooks/webbilingual.ts).
    initial: field.text(['字首', 'Initial'], { max: 1, readOnly: true, listed: true }),
  },
  defaultSort: [{ field: 'termEn', direction: 'asc' }],
  menu: 'info',
  public: { route: 'glossary', shows: 'item', query: { initial: 'initial' }, pageSize: 20 },
});
