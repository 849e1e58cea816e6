/**
 * The public sign-up form's submission with the captcha on: the same path as
 * `POST /api/webactivity/register/{id}`, run in-process as the page's server action runs it, and its
 * refusals as form state in the visitor's language (as the contact form's, test/public/contact-form.test.ts).
 */
import { eq } from 'drizzle-orm';
import { getDb } from '../../lib/db';
import { registrations } from '../../lib/db/schema';
import { submitSignUp } from '../../lib/public/registration/submit';
import { signedIn } from '../helpers/api';
import { useLocalCaptchaVerifier } from '../helpers/captcha';
import { addRow, fromNow, message, taipei } from '../helpers/content';
import { withDatabase } from '../helpers/database';

withDatabase();

let activityId: number;
let serial = 0;
const nextIp = () => `198.51.100.${++serial}`;

beforeAll(async () => {
  const token = (await signedIn(1)).token;
  const typeId = (await addRow('webactivitytype', { name: '研討會' }, { token, language: 'tw' })).id;
  activityId = (
    await addRow(
      'webactivity',
      {
        typeId,
        title: '信託法規研討會',
        startAt: taipei(fromNow(24 * 10)),
        registrationEnabled: true,
        capacity: 20,
      },
      { token, language: 'tw' },
    )
  ).id;
});

const form = (n: number, extra: Record<string, string> = {}) => ({
  name: `報名者 ${n}`,
  email: `captcha${n}@example.org`,
  seats: '1',
  consent: 'on',
  ...extra,
});

async function storedFor(email: string) {
  const db = await getDb();
  return db.select().from(registrations).where(eq(registrations.email, email));
}

describe('submitSignUp with the captcha on', () => {
  const { seen } = useLocalCaptchaVerifier('register-secret', {
    'good-token': { success: true, score: 0.9, action: 'register' },
    'low-score': { success: true, score: 0.1, action: 'register' },
    'other-form': { success: true, score: 0.9, action: 'contact' },
  });

  test('a good token is checked with the secret and the client address, and the sign-up is stored', async () => {
    const clientAddress = nextIp();
    const result = await submitSignUp({
      language: 'tw',
      clientAddress,
      activityId: String(activityId),
      values: form(1),
      captcha: 'good-token',
    });
    expect(result).toMatchObject({ ok: true, status: 'confirmed', seats: 1 });
    const check = seen[seen.length - 1];
    expect([check.get('secret'), check.get('response'), check.get('remoteip')]).toEqual([
      'register-secret',
      'good-token',
      clientAddress,
    ]);
    expect(await storedFor('captcha1@example.org')).toHaveLength(1);
  });

  test.each([
    ['a missing token', undefined],
    ['a refused token', 'bad-token'],
    ['a low score', 'low-score'],
    ['a token made for another form', 'other-form'],
  ])('%s fails the form with the captcha message, keeps the values and stores nothing', async (_, captcha) => {
    const values = form(2);
    const result = await submitSignUp({
      language: 'en',
      clientAddress: nextIp(),
      activityId: String(activityId),
      values,
      captcha,
    });
    expect(result).toEqual({ ok: false, values, errors: {}, formError: message('en', 'captchaFailed') });
    expect(await storedFor('captcha2@example.org')).toHaveLength(0);
  });

  test('a field’s problem is told before the captcha is asked', async () => {
    const asked = seen.length;
    const result = await submitSignUp({
      language: 'en',
      clientAddress: nextIp(),
      activityId: String(activityId),
      values: form(3, { email: 'not-an-address' }),
      captcha: 'good-token',
    });
    expect(result).toMatchObject({ ok: false, errors: { email: message('en', 'notEmail', { field: 'E-mail' }) } });
    expect(seen.length).toBe(asked);
  });
});
