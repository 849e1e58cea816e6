/**
 * Client-side validation of the back-office form: the server's rules, worded from the same `api`
 * messages in the form's language, through the zod schema react-hook-form uses.
 */
import { formFields, type FormMode } from '../../lib/admin-form/fields';
import { formSchema, validateForm } from '../../lib/admin-form/schema';
import { initialValues, rowToFormValues, type FormValues } from '../../lib/admin-form/values';
import { findResource } from '../../lib/content/model/registry';
import { message } from '../helpers/content';

const check = (name: string, values: Partial<FormValues>, mode: FormMode = 'add', language: 'tw' | 'en' = 'tw') => {
  const definition = findResource(name)!;
  const fields = formFields(definition, { mode });
  return validateForm(definition, fields, { ...initialValues(fields), ...values } as FormValues, mode, language);
};

describe('validateForm', () => {
  test('a required field left empty (or blank) is named in the form language', () => {
    expect(check('webnews', {})).toEqual([{ field: 'title', message: message('tw', 'required', { field: '標題' }) }]);
    expect(check('webnews', { title: '   ' }, 'add', 'en')).toEqual([
      { field: 'title', message: message('en', 'required', { field: 'Title' }) },
    ]);
  });

  test('length, format and bounds say what the server says', () => {
    expect(check('webnews', { title: 'x'.repeat(201) })).toEqual([
      { field: 'title', message: message('tw', 'tooLong', { field: '標題', max: 200 }) },
    ]);
    expect(
      check('account', { username: 'ab', displayName: 'A', password: 'long-enough', email: 'not-mail' }, 'add', 'en'),
    ).toEqual([
      { field: 'username', message: message('en', 'tooShort', { field: 'Username', min: 3 }) },
      { field: 'email', message: message('en', 'notEmail', { field: 'E-mail' }) },
    ]);
    expect(check('websystem', { unitId: '1', unitTypeId: '2', name: 'n', url: 'ftp://x' })).toEqual([
      { field: 'url', message: message('tw', 'notUrl', { field: '網址' }) },
    ]);
    expect(check('webstatics', { staticsType: '1', title: 't', year: '1800' })).toEqual([
      { field: 'year', message: message('tw', 'tooSmall', { field: '年度', min: 1900 }) },
    ]);
    expect(check('webstatics', { staticsType: '1', title: 't', year: '20x4' })).toEqual([
      { field: 'year', message: message('tw', 'notInteger', { field: '年度' }) },
    ]);
  });

  test('a required select left on "choose" is required; a chosen one passes', () => {
    expect(check('webbulletin', { title: 't' }, 'add', 'en')).toEqual([
      { field: 'typeId', message: message('en', 'required', { field: 'Type' }) },
    ]);
    expect(check('webbulletin', { title: 't', typeId: '3' })).toEqual([]);
  });

  test('the password is required on add; empty on update means unchanged; too short either way', () => {
    expect(check('account', { username: 'amy', displayName: 'Amy' })).toEqual([
      { field: 'password', message: message('tw', 'required', { field: '密碼' }) },
    ]);
    const definition = findResource('account')!;
    const fields = formFields(definition, { mode: 'update' });
    const stored = rowToFormValues(fields, { id: 2, username: 'amy', displayName: 'Amy', role: 0, isDisabled: false });
    expect(validateForm(definition, fields, stored, 'update', 'tw')).toEqual([]);
    expect(validateForm(definition, fields, { ...stored, password: 'short' }, 'update', 'tw')).toEqual([
      { field: 'password', message: message('tw', 'tooShort', { field: '密碼', min: 8 }) },
    ]);
  });

  test('the unpublish time must come after the publish time', () => {
    expect(
      check('webnews', { title: 't', publishAt: '2025-05-01T10:00', unpublishAt: '2025-05-01T09:59:59' }, 'add', 'en'),
    ).toEqual([{ field: 'unpublishAt', message: message('en', 'windowOrder') }]);
    expect(check('webnews', { title: 't', publishAt: '2025-05-01T10:00', unpublishAt: '2025-05-02T10:00' })).toEqual(
      [],
    );
  });

  test('an impossible date is refused', () => {
    expect(check('webrule', { classId: '1', title: 't', issuedOn: '2025-02-30' })).toEqual([
      { field: 'issuedOn', message: message('tw', 'notDate', { field: '發布日期' }) },
    ]);
  });

  test('required attachments need at least one file', () => {
    // No resource requires attachments today, so the rule is checked on a definition made for the test.
    const news = findResource('webnews')!;
    const definition = { ...news, fields: { ...news.fields, files: { ...news.fields.files, required: true } } };
    const fields = formFields(definition, { mode: 'add' });
    const values = { ...initialValues(fields), title: 't' };
    expect(validateForm(definition, fields, values, 'add', 'en')).toEqual([
      { field: 'files', message: message('en', 'required', { field: 'Attachments' }) },
    ]);
    expect(
      validateForm(definition, fields, { ...values, files: ['a1b2c3d4-0000-4000-8000-000000000001'] }, 'add', 'en'),
    ).toEqual([]);
  });
});

describe('formSchema', () => {
  test('gives react-hook-form one issue per field, at the field path', () => {
    const definition = findResource('webnews')!;
    const fields = formFields(definition, { mode: 'add' });
    const schema = formSchema(definition, fields, { mode: 'add', language: 'en' });
    const failed = schema.safeParse(initialValues(fields));
    expect(failed.success).toBe(false);
    expect(failed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['title', message('en', 'required', { field: 'Title' })],
    ]);
    const values = { ...initialValues(fields), title: 'ok' };
    expect(schema.safeParse(values)).toEqual({ success: true, data: values });
  });
});
