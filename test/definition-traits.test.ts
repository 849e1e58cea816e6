/**
 * What the public site, the cache tier and the back office do with a resource comes from its
 * definition, never from its name: resources defined here (in this process's registry only) with
 * the fields that accounts, contact messages and page sections declare are treated as those are.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rowActions } from '../lib/admin/list';
import { resetConfig } from '../lib/config';
import { defineResource, readByVisitors } from '../lib/content/model/define';
import { field } from '../lib/content/model/fields';
import { extendRegistry, resources, visitorResources } from '../lib/content/model/registry';
import { invalidateResource } from '../lib/content/storage/write-transaction';
import { pageKeys } from '../lib/public/cache-headers';
import { publicPlaces, publicRowPath } from '../lib/public/row-links';
import { waitFor } from './helpers/wait-for';

const title = field.text(['標題', 'Title'], { required: true, listed: true });

/** Staff read it, as they read accounts and contact messages; visitors' form adds its rows. */
const webstaffnote = defineResource({
  name: 'webstaffnote',
  label: { tw: '內部備忘', en: 'Staff notes' },
  titleField: 'title',
  access: { read: 'user', write: 'user' },
  addable: false,
  fields: { title },
  menu: 'contact',
});

/** Read by visitors, each row placed on a fixed page, as the page sections are. */
const webpageblock = defineResource({
  name: 'webpageblock',
  label: { tw: '頁面區塊', en: 'Page blocks' },
  titleField: 'title',
  parents: ['page'],
  fixedPage: 'page',
  fields: { page: field.section('editorPages', ['頁面', 'Page'], { listed: true }), title },
  menu: 'pages',
});

extendRegistry(webstaffnote);
extendRegistry(webpageblock);

test('resources whose reading needs staff are never public, like accounts and contact messages', () => {
  expect(readByVisitors(webstaffnote)).toBe(false);
  expect(readByVisitors(resources.account)).toBe(false);
  expect(readByVisitors(resources.webcontact)).toBe(false);
  expect(readByVisitors(webpageblock)).toBe(true);
  // The footer's 更新日期 and the site's write tokens follow these only.
  const read = visitorResources();
  expect(read).not.toContain(webstaffnote);
  expect(read).not.toContain(resources.account);
  expect(read).not.toContain(resources.webcontact);
  expect(read).toEqual(expect.arrayContaining([webpageblock, resources.webnews, resources.webeditor]));
});

test('a write to a never-public resource sends the cache tier no purge', async () => {
  const received: string[] = [];
  const server = http.createServer((request, response) => {
    received.push(String(request.headers.xkey));
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.CACHE_PURGE_URLS = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  resetConfig();
  try {
    await invalidateResource(webstaffnote.name, { id: 1 });
    await invalidateResource(resources.account.name, { id: 1 });
    await invalidateResource(webpageblock.name, { id: 2 });
    await waitFor(() => received.length === 1, { what: 'the purge' });
    expect(received[0].split(' ')).toEqual(expect.arrayContaining(['webpageblock', 'webpageblock:2']));
    expect(received.join(' ')).not.toMatch(/webstaffnote|account/);
  } finally {
    delete process.env.CACHE_PURGE_URLS;
    resetConfig();
    server.close();
  }
});

test('rows that only visitors add get no "new" in the back office', () => {
  expect(rowActions(webstaffnote).add).toBe(false);
  expect(rowActions(resources.webcontact).add).toBe(false);
  expect(rowActions(webpageblock).add).toBe(true);
});

test('rows placed on fixed pages are shown on those pages as items, and every page carries their key', () => {
  expect(publicPlaces('webpageblock')).toEqual(
    publicPlaces('webeditor').map((place) => ({ ...place, filters: { page: place.filters?.page } })),
  );
  expect(publicPlaces('webpageblock').length).toBeGreaterThan(0);
  // Each row is an item of its page, as a page section is.
  expect(publicRowPath('webpageblock', { id: 9, page: 3 })).toBe(publicRowPath('webeditor', { id: 9, page: 3 }));
  expect(publicRowPath('webpageblock', { id: 9, page: 3 })).toBe('/research#item-9');
  expect(pageKeys('/tw/news')?.keys).toEqual(expect.arrayContaining(['webeditor', 'webpageblock']));
});
