/**
 * The public contact form's submission: the same rules as `webcontact/add`, run
 * in-process, turned into form state in the visitor's language.
 */
import { eq } from 'drizzle-orm';
import { getDb } from '../../lib/db';
import { webcontact } from '../../lib/db/schema';
import { contactValuesOf, type ContactValues } from '../../lib/public/contact/form';
import { submitContact } from '../../lib/public/contact/submit';
import { useLocalCaptchaVerifier } from '../helpers/captcha';
import { message } from '../helpers/content';
import { withDatabase } from '../helpers/database';

withDatabase();

let serial = 0;
const nextIp = () => `198.51.100.${++serial}`;

const letter = (overrides: Partial<ContactValues> = {}): ContactValues => ({
  name: '陳大文',
  email: 'tai-man@example.com',
  phone: '',
  subject: '測驗報名',
  message: '請問第46次測驗何時開始報名？',
  ...overrides,
});

async function stored(id: number) {
  const [row] = await (await getDb()).select().from(webcontact).where(eq(webcontact.id, id));
  return row;
}

describe('form values', () => {
  test('are read as typed, text only, and missing fields are empty', () => {
    const form = new FormData();
    form.set('name', '  Mary ');
    form.set('email', 'mary@example.com');
    form.set('status', '2');
    form.set('phone', new Blob(['x']));
    expect(contactValuesOf(form)).toEqual({
      name: '  Mary ',
      email: 'mary@example.com',
      phone: '',
      subject: '',
      message: '',
    });
  });
});

describe('submitContact', () => {
  test('a valid message is stored as new, in the language of the page, with no account', async () => {
    const result = await submitContact({
      language: 'en',
      clientAddress: nextIp(),
      values: letter({ name: ' Mary ', phone: '02-2345-6789' }),
    });
    expect(result).toEqual({ ok: true, id: expect.any(Number) });
    const row = await stored((result as { id: number }).id);
    expect(row).toMatchObject({
      name: 'Mary',
      phone: '02-2345-6789',
      subject: '測驗報名',
      status: 0,
      lang: 'en',
      accountId: null,
      replyNote: null,
    });
  });

  test('a blank phone is stored as none', async () => {
    const result = await submitContact({ language: 'tw', clientAddress: nextIp(), values: letter() });
    expect(result.ok).toBe(true);
    expect((await stored((result as { id: number }).id)).phone).toBeNull();
  });

  test.each([
    ['name', 'blank', { name: ' ' }, 'required', { field: '姓名' }],
    ['email', 'empty', { email: '' }, 'required', { field: '電子郵件' }],
    ['email', 'malformed', { email: 'not-an-address' }, 'notEmail', { field: '電子郵件' }],
    ['phone', 'too long', { phone: '1'.repeat(51) }, 'tooLong', { field: '電話', max: 50 }],
    ['subject', 'empty', { subject: '' }, 'required', { field: '主旨' }],
    ['message', 'empty', { message: '' }, 'required', { field: '內容' }],
    ['message', 'too long', { message: 'x'.repeat(5001) }, 'tooLong', { field: '內容', max: 5000 }],
  ] as const)('%s %s is refused with the field named, values kept', async (field, _, overrides, key, values) => {
    const typed = letter(overrides);
    const result = await submitContact({ language: 'tw', clientAddress: nextIp(), values: typed });
    expect(result).toEqual({
      ok: false,
      values: typed,
      errors: { [field]: message('tw', key, values) },
      formError: undefined,
    });
  });

  test("every field's problem is reported at once, in English on the English site", async () => {
    const result = await submitContact({
      language: 'en',
      clientAddress: nextIp(),
      values: letter({ name: '', email: 'x', subject: '' }),
    });
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.errors).toEqual({
      name: message('en', 'required', { field: 'Name' }),
      email: message('en', 'notEmail', { field: 'E-mail' }),
      subject: message('en', 'required', { field: 'Subject' }),
    });
  });

  test('after 5 messages from one address the next is refused with the wait, as a problem of the whole form', async () => {
    const clientAddress = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await submitContact({ language: 'tw', clientAddress, values: letter({ subject: `#${i}` }) })).ok).toBe(
        true,
      );
    const blocked = await submitContact({ language: 'en', clientAddress, values: letter() });
    expect(blocked.ok).toBe(false);
    expect(blocked.ok === false && blocked.formError).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(blocked.ok === false && blocked.errors).toEqual({});
    expect((await submitContact({ language: 'tw', clientAddress: nextIp(), values: letter() })).ok).toBe(true);
  });
});

describe('submitContact with the captcha on', () => {
  const { seen } = useLocalCaptchaVerifier('contact-secret', {
    'good-token': { success: true, score: 0.9, action: 'contact' },
    'low-score': { success: true, score: 0.1, action: 'contact' },
  });

  test('a good token is checked with the secret and the client address, and the message is stored', async () => {
    const clientAddress = nextIp();
    const result = await submitContact({ language: 'tw', clientAddress, values: letter(), captchaToken: 'good-token' });
    expect(result.ok).toBe(true);
    const check = seen[seen.length - 1];
    expect([check.get('secret'), check.get('response'), check.get('remoteip')]).toEqual([
      'contact-secret',
      'good-token',
      clientAddress,
    ]);
  });

  test.each([
    ['a missing token', undefined],
    ['a refused token', 'bad-token'],
    ['a low score', 'low-score'],
  ])('%s fails the form with the captcha message and stores nothing', async (_, captchaToken) => {
    const db = await getDb();
    const before = (await db.select({ id: webcontact.id }).from(webcontact)).length;
    const result = await submitContact({ language: 'en', clientAddress: nextIp(), values: letter(), captchaToken });
    expect(result).toEqual({ ok: false, values: letter(), errors: {}, formError: message('en', 'captchaFailed') });
    expect((await db.select({ id: webcontact.id }).from(webcontact)).length).toBe(before);
  });
});
