/**
 * A public page's description (lib/public/metadata.ts): its own text, else the site's description
 * from the web settings, else a sentence naming the page and the site, so no page goes without one.
 */
import { pageMetadata } from '../../lib/public/metadata';
import { call, signedIn } from '../helpers/api';
import { withDatabase } from '../helpers/database';

withDatabase();

let token: string;
beforeAll(async () => {
  token = (await signedIn(1)).token;
});

const saveInfo = async (language: 'tw' | 'en', body: Record<string, string>) => {
  const saved = await call('POST', 'websetting/webinfo', body, { token, language });
  expect(saved.status).toBe(200);
};
const description = async (language: 'tw' | 'en', title: string, own?: string) =>
  (await pageMetadata({ language, path: '/news', title, description: own })).description;

test('with no description set, a page is described by its title and the site name, the home page by the name', async () => {
  await saveInfo('en', { siteName: 'Trust Association', metaDescription: '' });
  await saveInfo('tw', { siteName: '信託公會', metaDescription: '' });
  expect(await description('en', 'News')).toBe('News from Trust Association.');
  expect(await description('tw', '最新消息')).toBe('信託公會的最新消息。');
  expect(await description('en', 'Trust Association')).toBe('Trust Association');
  const metadata = await pageMetadata({ language: 'en', path: '/news', title: 'News' });
  expect(metadata.openGraph?.description).toBe('News from Trust Association.');
});

test("the site's description comes before the fallback, and the page's own text before both", async () => {
  await saveInfo('en', { siteName: 'Trust Association', metaDescription: 'Trust law and statistics.' });
  expect(await description('en', 'News')).toBe('Trust law and statistics.');
  expect(await description('en', 'News', 'The latest news.')).toBe('The latest news.');
  // Chinese has its own settings: still none set.
  expect(await description('tw', '最新消息')).toBe('信託公會的最新消息。');
});
