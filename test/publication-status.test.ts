/**
 * Staff see where each row of a windowed resource stands (hidden, scheduled, live, expired) and can
 * list the rows of one status; visitors never see the field.
 */
import { withDatabase } from './helpers/database';
import { call, signedIn } from './helpers/api';
import { addRow, clearContent, fromNow, message, taipei } from './helpers/content';
import { waitFor } from './helpers/wait-for';

withDatabase();

let token: string;
beforeAll(async () => {
  token = (await signedIn(0)).token;
});
beforeEach(clearContent);

async function addFour() {
  const live = await addRow('webnews', { title: 'live', isVisible: true }, { token });
  const hidden = await addRow('webnews', { title: 'hidden', isVisible: false }, { token });
  const scheduled = await addRow(
    'webnews',
    { title: 'scheduled', isVisible: true, publishAt: taipei(fromNow(2)) },
    { token },
  );
  const expired = await addRow(
    'webnews',
    { title: 'expired', isVisible: true, publishAt: taipei(fromNow(-5)), unpublishAt: taipei(fromNow(-1)) },
    { token },
  );
  return { live, hidden, scheduled, expired };
}

test('list and get rows carry their status for staff', async () => {
  const rows = await addFour();
  const list = await call('POST', 'webnews/getlist', {}, { token });
  const byTitle = Object.fromEntries(
    list.body.data.map((row: { title: string; status: string }) => [row.title, row.status]),
  );
  expect(byTitle).toEqual({ live: 'live', hidden: 'hidden', scheduled: 'scheduled', expired: 'expired' });
  expect((await call('GET', `webnews/get/${rows.scheduled.id}`, undefined, { token })).body.status).toBe('scheduled');
});

test.each(['hidden', 'scheduled', 'live', 'expired'])('getlist filters by status %s', async (status) => {
  const rows = await addFour();
  const list = await call('POST', 'webnews/getlist', { status }, { token });
  expect(list.status).toBe(200);
  expect(list.body.total).toBe(1);
  expect(list.body.data.map((row: { id: number }) => row.id)).toEqual([rows[status as keyof typeof rows].id]);
});

test('a status filter follows the clock, not a cache', async () => {
  const publishAt = new Date(Date.now() + 1500);
  const soon = await addRow('webnews', { title: 'soon', isVisible: true, publishAt: taipei(publishAt) }, { token });
  expect((await call('POST', 'webnews/getlist', { status: 'scheduled' }, { token })).body.total).toBe(1);
  // Time must pass: the row goes live once the clock is past its publishAt, and is asked for then.
  await waitFor(() => Date.now() > publishAt.getTime(), { what: 'the publication time' });
  const live = await call('POST', 'webnews/getlist', { status: 'live' }, { token });
  expect(live.body.data.map((row: { id: number }) => row.id)).toEqual([soon.id]);
});

test('an unknown status, or a status on a resource without a window, is a 400 in the request language', async () => {
  const wrong = await call('POST', 'webnews/getlist', { status: 'draft' }, { token, language: 'en' });
  expect(wrong.status).toBe(400);
  expect(wrong.body.message).toBe(
    message('en', 'invalidStatus', { value: 'draft', allowed: 'hidden, scheduled, live, expired' }),
  );
  const tw = await call('POST', 'webnews/getlist', { status: 7 }, { token });
  expect(tw.status).toBe(400);
  expect(tw.body.message).toBe(
    message('tw', 'invalidStatus', { value: '7', allowed: 'hidden, scheduled, live, expired' }),
  );
  const noWindow = await call('POST', 'webbulletintype/getlist', { status: 'live' }, { token });
  expect(noWindow.status).toBe(400);
});

test('visitors never see a status', async () => {
  await addFour();
  const list = await call('POST', 'webnews/getlist', {}, {});
  expect(list.body.data).toHaveLength(1);
  expect(list.body.data[0]).not.toHaveProperty('status');
});
