/**
 * The form's own validation and the API answer the same input with the same field errors, word for
 * word, in both languages: the form sends what toPayload builds, and the server's 400 `errors` list
 * must equal what validateForm found in the browser.
 */
import { formFields, type FormMode } from '../../lib/admin-form/fields';
import { validateForm } from '../../lib/admin-form/schema';
import { initialValues, toPayload, type FormValues } from '../../lib/admin-form/values';
import { findResource } from '../../lib/content/model/registry';
import { call, signedIn } from '../helpers/api';
import { withDatabase } from '../helpers/database';

withDatabase();

let token: string;
beforeAll(async () => {
  token = (await signedIn(1)).token;
});

const cases: { name: string; resource: string; apiPath: string; values: Partial<FormValues>; path?: number[] }[] = [
  {
    name: 'blank title, long summary',
    resource: 'webnews',
    apiPath: 'webnews/add',
    values: { title: '  ', summary: 'x'.repeat(1001) },
  },
  {
    name: 'impossible publish date',
    resource: 'webnews',
    apiPath: 'webnews/add',
    values: { title: 'ok', publishAt: '2025-02-30T10:00' },
  },
  {
    name: 'account: pattern, required, e-mail, password length',
    resource: 'account',
    apiPath: 'account/add',
    values: { username: 'a b', displayName: '', email: 'nope', password: 'short' },
  },
  {
    name: 'statistics year below its minimum',
    resource: 'webstatics',
    apiPath: 'webstatics/add/1',
    values: { staticsType: '1', title: 't', year: '1800' },
    path: [1],
  },
  {
    name: 'online system: missing references, wrong address scheme',
    resource: 'websystem',
    apiPath: 'websystem/add',
    values: { name: 'n', url: 'ftp://example.org' },
  },
];

describe.each(['tw', 'en'] as const)('in %s', (language) => {
  test.each(cases)('$name ($apiPath)', async ({ resource, apiPath, values, path }) => {
    const definition = findResource(resource)!;
    const mode: FormMode = 'add';
    const fields = formFields(definition, { mode, path });
    const formValues = { ...initialValues(fields), ...values } as FormValues;
    const inBrowser = validateForm(definition, fields, formValues, mode, language);
    expect(inBrowser.length).toBeGreaterThan(0);
    const answer = await call('POST', apiPath, toPayload(fields, formValues, mode), { token, language });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(inBrowser);
  });
});
