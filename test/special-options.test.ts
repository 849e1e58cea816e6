/**
 * The year pickers: `webmemorabilia/getoptions` (years of the milestones' dates) and
 * `webstatics/getoptions/{type}` (years of one statistics type). Each answers the distinct years,
 * newest first, among the rows the caller would see in the request's language.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, message } from './helpers/content';
import { getDb } from '../lib/db';
import { webmemorabilia, webstatics } from '../lib/db/schema';

withDatabase();

let admin: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
});

beforeEach(async () => {
  const db = await getDb();
  await db.delete(webmemorabilia);
  await db.delete(webstatics);
});

type Language = 'tw' | 'en';

describe('webmemorabilia/getoptions', () => {
  const options = (language: Language = 'tw', token?: string) =>
    call('GET', 'webmemorabilia/getoptions', undefined, { language, token });
  const add = (eventDate: string, language: Language = 'tw', extra: Record<string, unknown> = {}) =>
    addRow('webmemorabilia', { eventDate, title: `event ${eventDate}`, ...extra }, { token: admin, language });

  test('no milestones, no years', async () => {
    expect(await options()).toMatchObject({ status: 200, body: [] });
  });

  test('distinct years, newest first; hidden rows only for the back office; each language its own', async () => {
    await add('2021-05-01');
    await add('2023-01-01');
    // The last day of a year stays in that year (a calendar date, no time zone shift).
    await add('2023-12-31');
    await add('2019-07-01', 'tw', { isVisible: false });
    await add('2018-02-02', 'en');
    expect((await options()).body).toEqual([2023, 2021]);
    expect((await options('tw', admin)).body).toEqual([2023, 2021, 2019]);
    expect((await options('en')).body).toEqual([2018]);
  });

  test('a stale token is a 401; a path with an id is unknown', async () => {
    expect((await options('tw', 'no-such-token')).status).toBe(401);
    expect((await call('GET', 'webmemorabilia/getoptions/1')).status).toBe(404);
    expect((await call('POST', 'webmemorabilia/getoptions')).status).toBe(405);
  });
});

describe('webstatics/getoptions/{type}', () => {
  const options = (type: number | string, language: Language = 'tw', token?: string) =>
    call('GET', `webstatics/getoptions/${type}`, undefined, { language, token });
  const add = (staticsType: number, year: number, language: Language = 'tw', extra: Record<string, unknown> = {}) =>
    addRow('webstatics', { staticsType, year, title: `${staticsType}/${year}`, ...extra }, { token: admin, language });

  test('the years of one type, newest first, without repeats', async () => {
    await add(1, 2022);
    await add(1, 2024);
    await add(1, 2024, 'tw', { period: 'Q2' });
    await add(1, 2020, 'tw', { isVisible: false });
    await add(2, 2019);
    await add(1, 2010, 'en');
    expect(await options(1)).toMatchObject({ status: 200, body: [2024, 2022] });
    expect((await options(1, 'tw', admin)).body).toEqual([2024, 2022, 2020]);
    expect((await options(2)).body).toEqual([2019]);
    expect((await options(3)).body).toEqual([]);
    expect((await options(1, 'en')).body).toEqual([2010]);
    expect((await options(2, 'en')).body).toEqual([]);
  });

  test.each(['0', '5', 'x', '-1', '2.5', '99999999999'])('type %p is a 400', async (type) => {
    const tw = await options(type);
    expect(tw.status).toBe(400);
    expect(tw.body.message).toBe(message('tw', 'unknownSection', { field: '統計類別', value: type }));
    const en = await options(type, 'en');
    expect(en.status).toBe(400);
    expect(en.body.message).toBe(message('en', 'unknownSection', { field: 'Statistics type', value: type }));
  });

  test('without a type the path is unknown; a stale token is a 401', async () => {
    expect((await call('GET', 'webstatics/getoptions')).status).toBe(404);
    expect((await options(1, 'tw', 'no-such-token')).status).toBe(401);
  });
});
