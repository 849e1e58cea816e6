/**
 * The language switch of a row's page (lib/public/detail.ts, app/[locale]/language-switch): to the
 * row's counterpart, or to the list when it has none; any other page keeps its path.
 */
import { pathBelowPrefix, sitePath } from '../../lib/routing/site';
import { languageSwitchPath } from '../../lib/public/detail';
import { call, signedIn } from '../helpers/api';
import { withDatabase } from '../helpers/database';
import { addRow, clearContent } from '../helpers/content';

withDatabase();

let token: string;
beforeAll(async () => {
  token = (await signedIn(1)).token;
});
beforeEach(clearContent);

test("a row's page goes to its counterpart, or to the list when it has none", async () => {
  const paired = await addRow('webnews', { title: '中文版', isVisible: true }, { token, language: 'tw' });
  const english = await addRow(
    'webnews',
    { title: 'English', isVisible: true, translationId: paired.id },
    { token, language: 'en' },
  );
  const alone = await addRow('webnews', { title: '只有中文', isVisible: true }, { token, language: 'tw' });
  expect(await languageSwitchPath('en', `/news/${paired.id}`)).toBe(`/en/news/${english.id}`);
  expect(await languageSwitchPath('tw', `/news/${english.id}`)).toBe(`/tw/news/${paired.id}`);
  expect(await languageSwitchPath('en', `/news/${alone.id}`)).toBe('/en/news');
  // A counterpart visitors may not see is no counterpart.
  await call('PUT', 'webnews/update', { id: english.id, isVisible: false }, { token, language: 'en' });
  expect(await languageSwitchPath('en', `/news/${paired.id}`)).toBe('/en/news');
});

test('any other page keeps its path, and only paths of this site are followed', async () => {
  expect(await languageSwitchPath('en', '/news')).toBe('/en/news');
  expect(await languageSwitchPath('en', '')).toBe('/en');
  expect(await languageSwitchPath('tw', '/about/videos')).toBe('/tw/about/videos');
  // No such row in the other language: the same address (its own page answers it).
  expect(await languageSwitchPath('en', '/news/987654')).toBe('/en/news/987654');
  for (const hostile of [
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    '/news/../..//x',
    '/%2e%2e/x',
    '/News',
  ])
    expect(await languageSwitchPath('en', hostile)).toBe('/en');
});

// next-intl's routing (lib/i18n/routing.ts) takes its prefixes from the same table.
test("a path of the site gets its language's prefix", () => {
  expect(sitePath('tw', '/news/12')).toBe('/tw/news/12');
  expect(sitePath('en')).toBe('/en');
});

test('a public path read below its language prefix: either prefix, or the locale name of a rewritten path', () => {
  expect(pathBelowPrefix('/tw/news/12')).toBe('/news/12');
  expect(pathBelowPrefix('/en/about/committees')).toBe('/about/committees');
  expect(pathBelowPrefix('/zh-TW/news')).toBe('/news');
  expect(pathBelowPrefix('/tw')).toBe('/');
  expect(pathBelowPrefix('/en')).toBe('/');
  // A path that merely starts like a prefix keeps it.
  expect(pathBelowPrefix('/twin/news')).toBe('/twin/news');
  expect(pathBelowPrefix('/english')).toBe('/english');
});
