import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { readBackup, writeBackup } from '../lib/db/backup';

const { connection } = withDatabase();

test('a backup written and read back restores every row, and ids continue after the restored ones', async () => {
  const admin = await signedIn(1);
  const type = await call('POST', 'webbulletintype/add', { name: '法規公告' }, { token: admin.token });
  const bulletin = await call(
    'POST',
    'webbulletin/add',
    { typeId: type.body.id, title: '備份測試', content: '<p>內容</p>', files: [], publishAt: '2024-05-06T07:08:09' },
    { token: admin.token },
  );
  expect(bulletin.status).toBe(200);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-backup-')), 'b.jsonl.gz');
  const written = await writeBackup(connection(), file);
  expect(written.rows).toBeGreaterThanOrEqual(4); // account, session, type, bulletin

  // Change everything after the backup: delete the bulletin, add another type.
  expect(
    (await call('DELETE', `webbulletin/delete/${bulletin.body.id}`, undefined, { token: admin.token })).status,
  ).toBe(200);
  await call('POST', 'webbulletintype/add', { name: '後來新增' }, { token: admin.token });

  const restored = await readBackup(connection(), file);
  expect(restored.rows).toBe(written.rows);
  const again = await call('GET', `webbulletin/get/${bulletin.body.id}`, undefined, { token: admin.token });
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({
    title: '備份測試',
    publishAt: '2024-05-06T07:08:09',
    files: [],
    typeId: type.body.id,
  });
  const types = await call('POST', 'webbulletintype/getlist', {}, { token: admin.token });
  expect(types.body.data.map((t: { name: string }) => t.name)).toEqual(['法規公告']);

  const next = await call('POST', 'webbulletintype/add', { name: '新類別' }, { token: admin.token });
  expect(next.body.id).toBeGreaterThan(type.body.id);
});

test('a file that is not a backup is refused and nothing changes', async () => {
  const admin = await signedIn(1);
  await call('POST', 'webbulletintype/add', { name: '保留' }, { token: admin.token });
  const before = await call('POST', 'webbulletintype/getlist', {}, { token: admin.token });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gonghui-backup-')), 'bad.jsonl.gz');
  const { gzipSync } = await import('node:zlib');
  fs.writeFileSync(file, gzipSync('{"format":"something-else"}\n'));
  await expect(readBackup(connection(), file)).rejects.toThrow('is not a Gonghui backup');
  const after = await call('POST', 'webbulletintype/getlist', {}, { token: admin.token });
  expect(after.body.total).toBe(before.body.total);
});
