import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';

withDatabase();

test('news add and list', async () => {
  const admin = await signedIn(1);
  const added = await call('POST', 'webnews/add', { title: 'Hello', content: '<p>x</p>' }, { token: admin.token });
  expect(added.status).toBe(200);
  const list = await call('POST', 'webnews/getlist', { page: 1, pageSize: 10 });
  expect(list.status).toBe(200);
  expect(list.body.data.map((r: any) => r.title)).toEqual(['Hello']);
});
