/** Conversions between the form's input values and the API's wire form. */
import { formFields } from '../../lib/admin-form/fields';
import {
  initialValues,
  inputToWireDateTime,
  rowToFormValues,
  toPayload,
  wireToInputDateTime,
} from '../../lib/admin-form/values';
import { formatReadOnly } from '../../lib/admin-form/format';
import { findResource } from '../../lib/content/model/registry';

const fieldsOf = (name: string, mode: 'add' | 'update', path?: (number | string)[]) =>
  formFields(findResource(name)!, { mode, path });

describe('dates', () => {
  test('wire date-times fill a datetime-local input and come back in the wire form', () => {
    expect(wireToInputDateTime('2025-03-04T05:06:07')).toBe('2025-03-04T05:06:07');
    expect(wireToInputDateTime('2025-03-04 05:06')).toBe('2025-03-04T05:06:00');
    expect(wireToInputDateTime(null)).toBe('');
    expect(wireToInputDateTime('yesterday')).toBe('');
    // Chromium leaves out zero seconds; the wire form always has them.
    expect(inputToWireDateTime('2025-03-04T05:06')).toBe('2025-03-04T05:06:00');
    expect(inputToWireDateTime('2025-03-04T05:06:07')).toBe('2025-03-04T05:06:07');
  });

  test('a date field keeps YYYY-MM-DD both ways', () => {
    const fields = fieldsOf('webrule', 'update');
    const values = rowToFormValues(fields, { issuedOn: '2024-12-31', classId: 1, title: 'x' });
    expect(values.issuedOn).toBe('2024-12-31');
    expect(toPayload(fields, values, 'update', 9)).toMatchObject({ id: 9, issuedOn: '2024-12-31', classId: 1 });
  });
});

describe('a new row', () => {
  test('starts from the definition defaults and the parents in the path', () => {
    const values = initialValues(fieldsOf('webnews', 'add'));
    expect(values).toEqual({
      title: '',
      summary: '',
      content: '',
      image: '',
      files: [],
      isPinned: false,
      publishAt: '',
      unpublishAt: '',
      isVisible: true,
      audience: 'everyone',
      translationId: '',
    });
    const fields = fieldsOf('websupervisor', 'add', [2]);
    expect(initialValues(fields, { boardType: 2 }).boardType).toBe('2');
  });

  test('blanks go out as null, booleans and file lists as themselves, numbers as numbers', () => {
    const fields = fieldsOf('webnews', 'add');
    const body = toPayload(fields, { ...initialValues(fields), title: ' 標題 ', publishAt: '2025-01-02T03:04' }, 'add');
    expect(body).toEqual({
      title: ' 標題 ',
      summary: null,
      content: null,
      image: null,
      files: [],
      isPinned: false,
      publishAt: '2025-01-02T03:04:00',
      unpublishAt: null,
      isVisible: true,
      audience: 'everyone',
      translationId: null,
    });
    const system = fieldsOf('websystem', 'add');
    expect(
      toPayload(
        system,
        { unitId: '3', unitTypeId: '', name: 'n', url: 'https://a.example', description: '', contact: '' },
        'add',
      ),
    ).toMatchObject({
      unitId: 3,
      unitTypeId: null,
    });
  });

  test('text typed into a number field is sent as typed, for validation to name it', () => {
    const fields = fieldsOf('webstatics', 'add');
    expect(toPayload(fields, { ...initialValues(fields), year: '20x4' }, 'add').year).toBe('20x4');
    expect(toPayload(fields, { ...initialValues(fields), year: ' 2024 ' }, 'add').year).toBe(2024);
  });
});

describe('editing', () => {
  const row = {
    id: 4,
    username: 'amy',
    displayName: 'Amy',
    email: null,
    role: 1,
    isDisabled: false,
    failedLogins: 2,
    lastLoginAt: '2025-01-01T00:00:00',
  };

  test('a stored row fills the form; the password starts empty; read-only values are not form values', () => {
    const fields = fieldsOf('account', 'update');
    expect(rowToFormValues(fields, row)).toEqual({
      username: 'amy',
      displayName: 'Amy',
      email: '',
      role: '1',
      isDisabled: false,
      keyContact: false,
      memberId: '',
      password: '',
    });
  });

  test('an empty password on update is left out (unchanged); a typed one is sent', () => {
    const fields = fieldsOf('account', 'update');
    const values = rowToFormValues(fields, row);
    const unchanged = toPayload(fields, values, 'update', 4);
    expect(unchanged).not.toHaveProperty('password');
    expect(unchanged).not.toHaveProperty('failedLogins');
    expect(unchanged).toMatchObject({ id: 4, role: 1, email: null });
    expect(toPayload(fields, { ...values, password: 'new-secret-1' }, 'update', 4).password).toBe('new-secret-1');
    // On add an empty password is sent as null, so the required rule speaks.
    expect(toPayload(fieldsOf('account', 'add'), { ...values, password: '' }, 'add').password).toBeNull();
  });

  test('attachments stay an array of upload ids, in their order', () => {
    const fields = fieldsOf('webnews', 'update');
    const ids = ['b1b2c3d4-0000-4000-8000-000000000002', 'a1b2c3d4-0000-4000-8000-000000000001'];
    const values = rowToFormValues(fields, {
      id: 1,
      title: 't',
      files: ids,
      image: null,
      publishAt: '2025-05-06T07:08:09',
    });
    expect(values.files).toEqual(ids);
    expect(values.image).toBe('');
    expect(values.publishAt).toBe('2025-05-06T07:08:09');
    const body = toPayload(fields, values, 'update', 1);
    expect(body.files).toEqual(ids);
    expect(body.image).toBeNull();
    expect(rowToFormValues(fields, { files: null }).files).toEqual([]);
  });

  test('the counterpart in the other language: a stored id fills its select, a choice goes out as a number, none as null', () => {
    const fields = fieldsOf('webnews', 'update');
    const linked = rowToFormValues(fields, { id: 3, title: 't', translationId: 17 });
    expect(linked.translationId).toBe('17');
    expect(toPayload(fields, linked, 'update', 3).translationId).toBe(17);
    const unlinked = rowToFormValues(fields, { id: 3, title: 't', translationId: null });
    expect(unlinked.translationId).toBe('');
    // null clears a stored link on the server.
    expect(toPayload(fields, { ...linked, translationId: '' }, 'update', 3).translationId).toBeNull();
    // Resources without counterparts never send one.
    expect(
      toPayload(fieldsOf('account', 'update'), rowToFormValues(fieldsOf('account', 'update'), row), 'update', 4),
    ).not.toHaveProperty('translationId');
  });
});

describe('a text field with fixed choices (the audience)', () => {
  test('comes back as the text chosen, and reads as its label', () => {
    const fields = fieldsOf('webbulletin', 'update');
    const values = rowToFormValues(fields, { typeId: 1, title: 'x', audience: 'members' });
    expect(values.audience).toBe('members');
    expect(toPayload(fields, values, 'update', 3)).toMatchObject({ id: 3, audience: 'members' });
    const audience = fields.find((f) => f.key === 'audience')!.field;
    expect(formatReadOnly(audience, 'members', 'tw', { yes: '是', no: '否' })).toBe('會員限定');
    expect(formatReadOnly(audience, 'everyone', 'en', { yes: 'yes', no: 'no' })).toBe('Everyone');
  });
});
