import { allResources } from '../lib/content/model/registry';
import { traits } from '../lib/content/model/define';
import type { ChoiceField } from '../lib/content/model/fields';
import { call, signedIn } from './helpers/api';
import { withDatabase } from './helpers/database';
import { editableTextField, sampleBody } from './helpers/samples';

/**
 * The generic contract of the content API (docs/api.md: lists, get, add, update, delete, order,
 * languages, roles, visibility, bad input), run against every content resource of the registry.
 * Resources with calls of their own (accounts, contact messages) also have their own tests.
 */
withDatabase();

const generic = allResources().filter((r) => !['account', 'webcontact'].includes(r.name));
let admin: string;
let user: string;

beforeAll(async () => {
  admin = (await signedIn(1)).token;
  user = (await signedIn(0)).token;
});

const ids = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);

describe.each(generic.map((r) => [r.name, r] as const))('%s', (name, definition) => {
  const t = traits(definition);
  const as = (token: string | null, language: 'tw' | 'en' = 'tw') => ({ token, language });

  test('add, get, list, update and delete', async () => {
    const body = await sampleBody(definition, { token: admin, language: 'tw' });
    const added = await call('POST', `${name}/add`, body, as(admin));
    expect(added.status).toBe(200);
    expect(added.body.id).toEqual(expect.any(Number));
    for (const [key, value] of Object.entries(body)) {
      if (definition.fields[key]?.kind === 'richtext') expect(added.body[key]).toContain('<strong>');
      else expect(added.body[key]).toEqual(value);
    }
    const got = await call('GET', `${name}/get/${added.body.id}`, undefined, as(admin));
    // A staff read names each titled reference's row beside its id (an institution's dues).
    const titles = Object.entries(definition.fields).flatMap(([key, f]) =>
      f.kind === 'reference' && f.titled ? [[`${key}Title`, expect.any(String)]] : [],
    );
    expect(got.body).toEqual({ ...added.body, ...Object.fromEntries(titles) });
    const list = await call('POST', `${name}/getlist`, { page: 1, pageSize: 9999 }, as(admin));
    expect(list.status).toBe(200);
    expect(ids(list.body)).toContain(added.body.id);

    const field = editableTextField(definition);
    const updated = await call('PUT', `${name}/update`, { id: added.body.id, [field]: '已更新 updated' }, as(admin));
    expect(updated.status).toBe(200);
    expect(updated.body[field]).toBe('已更新 updated');
    expect((await call('GET', `${name}/get/${added.body.id}`, undefined, as(admin))).body[field]).toBe(
      '已更新 updated',
    );

    expect((await call('DELETE', `${name}/delete/${added.body.id}`, undefined, as(admin))).body).toEqual({
      id: added.body.id,
    });
    expect((await call('GET', `${name}/get/${added.body.id}`, undefined, as(admin))).status).toBe(404);
  });

  test('anonymous writes are refused with 401; a User account may write content', async () => {
    const body = await sampleBody(definition, { token: admin, language: 'tw' });
    expect((await call('POST', `${name}/add`, body, as(null))).status).toBe(401);
    const added = await call('POST', `${name}/add`, body, as(user));
    expect(added.status).toBe(200);
    expect((await call('PUT', `${name}/update`, { id: added.body.id }, as(null))).status).toBe(401);
    expect((await call('DELETE', `${name}/delete/${added.body.id}`, undefined, as(null))).status).toBe(401);
    if (t.ordered)
      expect((await call('PUT', `${name}/changeorder/${added.body.id}/1`, undefined, as(null))).status).toBe(401);
  });

  if (t.localized) {
    test('rows of one language never show in the other', async () => {
      const en = await call(
        'POST',
        `${name}/add`,
        await sampleBody(definition, { token: admin, language: 'en' }),
        as(admin, 'en'),
      );
      expect(en.status).toBe(200);
      expect(en.body.lang).toBe('en');
      expect((await call('GET', `${name}/get/${en.body.id}`, undefined, as(admin, 'tw'))).status).toBe(404);
      expect(ids((await call('POST', `${name}/getlist`, { pageSize: 9999 }, as(admin, 'tw'))).body)).not.toContain(
        en.body.id,
      );
      expect(ids((await call('POST', `${name}/getlist`, { pageSize: 9999 }, as(null, 'en'))).body)).toContain(
        en.body.id,
      );
    });
  }

  if (t.visibility) {
    test('a hidden row is invisible anonymously and visible with a token', async () => {
      const body = { ...(await sampleBody(definition, { token: admin, language: 'tw' })), isVisible: false };
      const hidden = await call('POST', `${name}/add`, body, as(admin));
      expect((await call('GET', `${name}/get/${hidden.body.id}`, undefined, as(null))).status).toBe(404);
      expect(ids((await call('POST', `${name}/getlist`, { pageSize: 9999 }, as(null))).body)).not.toContain(
        hidden.body.id,
      );
      expect((await call('GET', `${name}/get/${hidden.body.id}`, undefined, as(admin))).status).toBe(200);
    });
  }

  test('missing required fields and wrong types are a 400 with per-field messages, never a 500', async () => {
    const required = Object.entries(definition.fields)
      .filter(([, f]) => f.required && !f.readOnly)
      .map(([key]) => key);
    const empty = await call('POST', `${name}/add`, {}, as(admin, 'en'));
    if (required.length) {
      expect(empty.status).toBe(400);
      expect(empty.body.errors.map((e: { field: string }) => e.field)).toEqual(
        expect.arrayContaining(required.filter((k) => definition.fields[k].kind !== 'choice')),
      );
    }
    const wrong: Record<string, unknown> = {};
    for (const [key, f] of Object.entries(definition.fields)) {
      if (f.readOnly) continue;
      wrong[key] = ['text', 'longtext', 'richtext', 'password'].includes(f.kind) ? { nested: true } : 'not-a-value';
    }
    const bad = await call('POST', `${name}/add`, wrong, as(admin, 'en'));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.length).toBeGreaterThan(0);
    const long = await call(
      'POST',
      `${name}/add`,
      {
        ...(await sampleBody(definition, { token: admin, language: 'tw' })),
        [editableTextField(definition)]: 'x'.repeat(5001),
      },
      as(admin, 'en'),
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/must be at most \d+ characters/);
    // Bad paging and ids are a 400 for whoever may read (visitors, or staff for staff-only rows such as dues).
    const reader = t.read === 'public' ? null : admin;
    expect((await call('POST', `${name}/getlist`, { page: -1 }, as(reader))).status).toBe(400);
    expect((await call('GET', `${name}/get/abc`, undefined, as(reader))).status).toBe(400);
    expect((await call('GET', `${name}/get/987654`, undefined, as(admin))).status).toBe(404);
  });

  if (t.ordered) {
    test('changeorder moves a row among its siblings and keeps orders dense', async () => {
      const first = await sampleBody(definition, { token: admin, language: 'tw' });
      const parents = Object.fromEntries(t.parents.map((p) => [p, first[p]]));
      const rows = [];
      for (let i = 0; i < 3; i++) {
        const body = i === 0 ? first : await sampleBody(definition, { token: admin, language: 'tw', parents });
        rows.push((await call('POST', `${name}/add`, body, as(admin))).body);
      }
      expect(rows.map((r) => r.order)).toEqual([rows[0].order, rows[0].order + 1, rows[0].order + 2]);
      const moved = await call('PUT', `${name}/changeorder/${rows[2].id}/1`, undefined, as(admin));
      expect(moved.status).toBe(200);
      const order = moved.body.data.map((r: { id: number }) => r.id);
      expect(order[0]).toBe(rows[2].id);
      expect(order.indexOf(rows[0].id)).toBeLessThan(order.indexOf(rows[1].id));
      expect(moved.body.data.map((r: { order: number }) => r.order)).toEqual(
        moved.body.data.map((_: unknown, i: number) => i + 1),
      );
    });
  }

  if (definition.sectionInPath) {
    test('the section id in the path scopes add, get, list, update, delete and changeorder', async () => {
      const parent = t.parents[0];
      const choices = (definition.fields[parent] as ChoiceField).choices;
      const [a, b] = [choices[0].value, choices[1].value];
      const body = await sampleBody(definition, { token: admin, language: 'tw' });
      const added = await call('POST', `${name}/add/${a}`, { ...body, [parent]: b }, as(admin));
      expect(added.status).toBe(200);
      expect(added.body[parent]).toBe(a); // the path wins over the body
      expect((await call('GET', `${name}/get/${a}/${added.body.id}`, undefined, as(admin))).status).toBe(200);
      expect((await call('GET', `${name}/get/${b}/${added.body.id}`, undefined, as(admin))).status).toBe(404);
      const listed = await call('POST', `${name}/getlist/${a}`, { pageSize: 9999 }, as(admin));
      expect(listed.body.data.every((row: Record<string, unknown>) => row[parent] === a)).toBe(true);
      expect(ids(listed.body)).toContain(added.body.id);
      expect(ids((await call('POST', `${name}/getlist/${b}`, { pageSize: 9999 }, as(admin))).body)).not.toContain(
        added.body.id,
      );
      expect((await call('POST', `${name}/getlist/999`, {}, as(admin))).status).toBe(400);
      expect((await call('GET', `${name}/get/999/${added.body.id}`, undefined, as(admin))).status).toBe(400);
      const field = editableTextField(definition);
      expect((await call('PUT', `${name}/update/${b}`, { id: added.body.id, [field]: 'x' }, as(admin))).status).toBe(
        404,
      );
      expect(
        (await call('PUT', `${name}/update/${a}`, { id: added.body.id, [field]: 'y' }, as(admin))).body[field],
      ).toBe('y');
      if (t.ordered)
        expect((await call('PUT', `${name}/changeorder/${a}/${added.body.id}/1`, undefined, as(admin))).status).toBe(
          200,
        );
      expect((await call('DELETE', `${name}/delete/${b}/${added.body.id}`, undefined, as(admin))).status).toBe(404);
      expect((await call('DELETE', `${name}/delete/${a}/${added.body.id}`, undefined, as(admin))).status).toBe(200);
    });
  }
});

test('Q&A answers the /0 segment of the general category: getlist/0, get/0/{id}, add/0', async () => {
  const added = await call(
    'POST',
    'webqa/add/0',
    { question: '如何加入本會？', answer: '<p>請洽秘書處。</p>' },
    { token: admin },
  );
  expect(added.status).toBe(200);
  expect(added.body.category).toBe(0);
  expect((await call('GET', `webqa/get/0/${added.body.id}`)).body.question).toBe('如何加入本會？');
  expect(ids((await call('POST', 'webqa/getlist/0', {})).body)).toContain(added.body.id);
});
