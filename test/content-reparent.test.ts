import { call, signedIn } from './helpers/api';
import { withDatabase } from './helpers/database';

withDatabase();

test('an item moved to another parent goes to the end of its new siblings; the old ones close the gap', async () => {
  const { token } = await signedIn(1);
  const add = async (path: string, body: object) => (await call('POST', path, body, { token })).body;
  const classA = await add('webruleclass/add', { name: '信託法規' });
  const classB = await add('webruleclass/add', { name: '證券法規' });
  const a1 = await add('webrulebusiness/add', { classId: classA.id, name: 'A1' });
  const a2 = await add('webrulebusiness/add', { classId: classA.id, name: 'A2' });
  const a3 = await add('webrulebusiness/add', { classId: classA.id, name: 'A3' });
  await add('webrulebusiness/add', { classId: classB.id, name: 'B1' });
  await add('webrulebusiness/add', { classId: classB.id, name: 'B2' });

  const moved = await call('PUT', 'webrulebusiness/update', { id: a1.id, classId: classB.id }, { token });
  expect(moved.status).toBe(200);
  expect(moved.body).toMatchObject({ classId: classB.id, order: 3 });

  const list = async (classId: number) =>
    (await call('POST', `webrulebusiness/getlist/${classId}`, {}, { token })).body.data.map(
      (r: { name: string; order: number }) => [r.name, r.order],
    );
  expect(await list(classA.id)).toEqual([
    ['A2', 1],
    ['A3', 2],
  ]);
  expect(await list(classB.id)).toEqual([
    ['B1', 1],
    ['B2', 2],
    ['A1', 3],
  ]);
  expect([a2.order, a3.order]).toEqual([2, 3]);

  // Moving it to a class that does not exist is refused and changes nothing.
  const refused = await call('PUT', 'webrulebusiness/update', { id: a1.id, classId: 999999 }, { token });
  expect(refused.status).toBe(400);
  expect(await list(classB.id)).toEqual([
    ['B1', 1],
    ['B2', 2],
    ['A1', 3],
  ]);
});

test('webrule/getlist takes class, business line and attribute as optional query parameters', async () => {
  const { token } = await signedIn(1);
  const add = async (path: string, body: object) => (await call('POST', path, body, { token })).body;
  const cls = await add('webruleclass/add', { name: '類別' });
  const business = await add('webrulebusiness/add', { classId: cls.id, name: '業務' });
  const [attrA, attrB] = [
    await add('webruleattribute/add', { name: '法律' }),
    await add('webruleattribute/add', { name: '命令' }),
  ];
  const r1 = await add('webrule/add', {
    classId: cls.id,
    businessId: business.id,
    attributeId: attrA.id,
    title: '甲法',
  });
  const r2 = await add('webrule/add', {
    classId: cls.id,
    businessId: business.id,
    attributeId: attrB.id,
    title: '乙令',
  });
  const titles = async (query: string) =>
    (await call('POST', `webrule/getlist${query}`, {})).body.data.map((r: { title: string }) => r.title).sort();
  expect(await titles(`?attributeId=${attrA.id}`)).toEqual(['甲法']);
  expect(await titles(`?classId=${cls.id}&businessId=${business.id}&attributeId=${attrB.id}`)).toEqual(['乙令']);
  expect(await titles(`?classId=${cls.id}`)).toEqual(['乙令', '甲法']);
  expect((await call('POST', 'webrule/getlist?attributeId=999999', {})).status).toBe(400);
  expect([r1.id, r2.id].every(Number.isInteger)).toBe(true);
});
