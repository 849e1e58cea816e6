/**
 * The head of the pages a personal link opens (lib/public/personal-pages.ts): the page's title in
 * its language, never indexed, its links (which carry the person's token) never followed.
 */
import { personalPageMetadata } from '../../lib/public/personal-pages';
import en from '../../messages/en';
import tw from '../../messages/tw';

test.each([
  ['en', 'newsletter', 'confirmTitle'],
  ['en', 'newsletter', 'manageTitle'],
  ['zh-TW', 'newsletter', 'unsubscribeTitle'],
  ['zh-TW', 'registration', 'manageTitle'],
] as const)('%s %s.%s', async (locale, namespace, key) => {
  const metadata = await personalPageMetadata(Promise.resolve({ locale }), { namespace, key } as never);
  const texts = (locale === 'en' ? en : tw)[namespace] as Record<string, unknown>;
  expect(metadata).toEqual({ title: texts[key], robots: { index: false, follow: false } });
});
