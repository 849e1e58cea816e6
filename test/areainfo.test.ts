/**
 * Regional service points (docs/api.md, each resource's own calls): `getselectlist` (Taiwan's 22 counties and cities)
 * and `getabsentlist/{type}[/{memberDeptId}]` (the regions with no entry yet).
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, message } from './helpers/content';
import { getDb } from '../lib/db';
import { webareainfo } from '../lib/db/schema';

withDatabase();

let admin: string;
let bankA: number;
let bankB: number;
let enBank: number;

const absent = (path: string, options: { token?: string; language?: 'tw' | 'en' } = {}) =>
  call('GET', `webareainfo/getabsentlist/${path}`, undefined, options);
const values = (body: any): number[] => body.map((region: any) => region.value);
const allBut = (...taken: number[]) =>
  Array.from({ length: 22 }, (_, i) => i + 1).filter((value) => !taken.includes(value));
const point = (body: Record<string, unknown>, language: 'tw' | 'en' = 'tw') =>
  addRow('webareainfo', { name: '服務據點', ...body }, { token: admin, language });

beforeAll(async () => {
  admin = (await signedIn(1)).token;
  bankA = (await addRow('webmemberdept', { name: '甲銀行', category: 1 }, { token: admin })).id;
  bankB = (await addRow('webmemberdept', { name: '乙銀行', category: 1 }, { token: admin })).id;
  enBank = (await addRow('webmemberdept', { name: 'Bank C', category: 1 }, { token: admin, language: 'en' })).id;
});

beforeEach(async () => {
  await (await getDb()).delete(webareainfo);
});

describe('getselectlist', () => {
  test('the 22 counties and cities with Chinese labels', async () => {
    const result = await call('GET', 'webareainfo/getselectlist');
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(22);
    expect(values(result.body)).toEqual(allBut());
    expect(result.body[0]).toEqual({ value: 1, key: 'TPE', label: '臺北市' });
    expect(result.body[21]).toEqual({ value: 22, key: 'LIE', label: '連江縣' });
    expect(result.body.map((r: any) => r.label)).toContain('新竹縣');
  });

  test('the same list with English labels', async () => {
    const result = await call('GET', 'webareainfo/getselectlist', undefined, { language: 'en' });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(22);
    expect(result.body[0]).toEqual({ value: 1, key: 'TPE', label: 'Taipei City' });
    expect(result.body.map((r: any) => r.label)).toEqual(
      expect.arrayContaining(['Hsinchu County', 'Hsinchu City', 'Lienchiang County']),
    );
    const tw = await call('GET', 'webareainfo/getselectlist');
    expect(result.body.map((r: any) => r.key)).toEqual(tw.body.map((r: any) => r.key));
  });
});

describe('getabsentlist/{type}', () => {
  test('every region while there is no entry', async () => {
    const result = await absent('1');
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(22);
    expect(result.body[0]).toEqual({ value: 1, key: 'TPE', label: '臺北市' });
  });

  test('regions with an entry of that type drop out; other types and languages are apart', async () => {
    await point({ areaType: 1, regionCode: 1 });
    await point({ areaType: 1, regionCode: 1, name: '第二據點' });
    await point({ areaType: 1, regionCode: 17 });
    await point({ areaType: 2, regionCode: 6 });
    await point({ areaType: 1, regionCode: 5 }, 'en');
    expect(values((await absent('1')).body)).toEqual(allBut(1, 17));
    expect(values((await absent('2')).body)).toEqual(allBut(6));
    const en = await absent('1', { language: 'en' });
    expect(values(en.body)).toEqual(allBut(5));
    expect(en.body[0]).toEqual({ value: 1, key: 'TPE', label: 'Taipei City' });
  });

  test('a hidden entry counts only for signed-in callers', async () => {
    await point({ areaType: 1, regionCode: 3, isVisible: false });
    expect(values((await absent('1')).body)).toEqual(allBut());
    expect(values((await absent('1', { token: admin })).body)).toEqual(allBut(3));
  });

  test.each([['0'], ['3'], ['abc'], ['-1'], ['1.5']])('type %s is a 400 naming the kind', async (type) => {
    const tw = await absent(type);
    expect(tw.status).toBe(400);
    expect(tw.body.message).toBe(message('tw', 'unknownSection', { field: '類型', value: type }));
    const en = await absent(type, { language: 'en' });
    expect(en.body.message).toBe(message('en', 'unknownSection', { field: 'Kind', value: type }));
  });
});

describe('getabsentlist/{type}/{memberDeptId}', () => {
  test("counts only that member institution's entries; 0 means any", async () => {
    await point({ areaType: 1, regionCode: 1, memberDeptId: bankA });
    await point({ areaType: 1, regionCode: 2, memberDeptId: bankA });
    await point({ areaType: 2, regionCode: 4, memberDeptId: bankA });
    await point({ areaType: 1, regionCode: 2, memberDeptId: bankB });
    await point({ areaType: 1, regionCode: 9 });
    expect(values((await absent(`1/${bankA}`)).body)).toEqual(allBut(1, 2));
    expect(values((await absent(`2/${bankA}`)).body)).toEqual(allBut(4));
    expect(values((await absent(`1/${bankB}`)).body)).toEqual(allBut(2));
    expect(values((await absent('1/0')).body)).toEqual(allBut(1, 2, 9));
    expect(values((await absent('1')).body)).toEqual(allBut(1, 2, 9));
  });

  test('an unknown member institution is a 400 naming the field', async () => {
    const unknown = await absent('1/999999');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(message('tw', 'unknownReference', { field: '會員機構', value: 999999 }));
    // One of the other language is unknown in this one.
    const otherLanguage = await absent(`1/${enBank}`, { language: 'tw' });
    expect(otherLanguage.status).toBe(400);
    const en = await absent('1/999999', { language: 'en' });
    expect(en.body.message).toBe(message('en', 'unknownReference', { field: 'Member institution', value: 999999 }));
    expect((await absent(`1/${enBank}`, { language: 'en' })).status).toBe(200);
  });

  test.each([['abc'], ['-1'], ['1e3']])('a malformed member institution id %s is a 400', async (id) => {
    const result = await absent(`1/${id}`);
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'invalidId', { value: id }));
  });

  test('the type is checked first', async () => {
    const result = await absent(`7/${bankA}`);
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message('tw', 'unknownSection', { field: '類型', value: '7' }));
  });
});
