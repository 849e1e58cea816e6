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
    (await call('POST', `webrulebusiness/getlist/${classId}`, {}, { token })).body.data.map((r: { name: string; order: number }) => [r.name, r.order]);
  expect(await list(classA.id)).toEqual([['A2', 1], ['A3', 2]]);
  expect(await list(classB.id)).toEqual([['B1', 1], ['B2', 2], ['A1', 3]]);
  expect([a2.order, a3.order]).toEqual([2, 3]);

  // Moving it to a class that does not exist is refused and changes nothing.
  const refused = await call('PUT', 'webrulebusiness/update', { id: a1.id, classId: 999999 }, { token });
  expect(refused.status).toBe(400);
  expect(await list(classB.id)).toEqual([['B1', 1], ['B2', 2], ['A1', 3]]);
});
