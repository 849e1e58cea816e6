import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';

withDatabase();

test('translationId must name a row of the same resource in the other language', async () => {
  const admin = await signedIn(1);
  const en = await call('POST', 'webnews/add', { title: 'English original' }, { token: admin.token, language: 'en' });
  const tw = await call('POST', 'webnews/add', { title: '中文版', translationId: en.body.id }, { token: admin.token });
  expect(tw.status).toBe(200);
  expect(tw.body.translationId).toBe(en.body.id);

  const sameLanguage = await call(
    'POST',
    'webnews/add',
    { title: '錯誤', translationId: tw.body.id },
    { token: admin.token },
  );
  expect(sameLanguage.status).toBe(400);
  expect(sameLanguage.body.message).toBe(`「對應語言版本」指定的資料（編號 ${tw.body.id}）不存在。`);

  const missing = await call(
    'PUT',
    'webnews/update',
    { id: tw.body.id, translationId: 999999 },
    { token: admin.token, language: 'tw' },
  );
  expect(missing.status).toBe(400);
  const huge = await call(
    'PUT',
    'webnews/update',
    { id: tw.body.id, translationId: 99999999999 },
    { token: admin.token },
  );
  expect(huge.status).toBe(400);
  expect(huge.body.message).toBe('「對應語言版本」必須是整數。');
});

test('an account update with an empty password keeps the current password', async () => {
  const admin = await signedIn(1);
  const added = await call(
    'POST',
    'account/add',
    { username: 'keeper', displayName: 'Keeper', role: 0, password: 'first-password' },
    { token: admin.token },
  );
  expect(added.status).toBe(200);
  const updated = await call(
    'PUT',
    'account/update',
    { id: added.body.id, displayName: 'Keeper 2', password: '' },
    { token: admin.token },
  );
  expect(updated.status).toBe(200);
  expect(updated.body.displayName).toBe('Keeper 2');
  const login = await call(
    'POST',
    'account/login',
    { username: 'keeper', password: 'first-password' },
    { ip: '10.9.9.9' },
  );
  expect(login.body.token).toEqual(expect.any(String));
});
