import { errorMessages, errorPagePaths, languageOfPath } from '../../lib/public/error-pages';
import { route } from '../../lib/public/routes';
import tw from '../../messages/tw';
import en from '../../messages/en';

test('the error pages lead to the routes the route table names', () => {
  expect(errorPagePaths).toEqual({
    home: route('home').path,
    search: route('search').path,
    siteMap: route('siteMap').path,
  });
});

test('the error pages read the message files of both languages', () => {
  expect(errorMessages).toEqual({ tw: tw.errors, en: en.errors });
});

test('a path says its language when no layout can', () => {
  for (const path of ['/en', '/en/news/1', '/en-admin/webnews', '/admin/en/office'])
    expect(languageOfPath(path)).toBe('en');
  for (const path of ['/tw', '/tw/news', '/tw-admin', '/', '/english', null]) expect(languageOfPath(path)).toBe('tw');
});
