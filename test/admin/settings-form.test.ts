import { settingsFieldViews } from '@/lib/admin/settings-form';
import settingsDefinition from '@/lib/content/resources/websetting';

describe('web settings form fields', () => {
  it('describes every settings field as plain data the browser can receive', () => {
    const views = settingsFieldViews(settingsDefinition.fields);
    expect(views.map((v) => v.key)).toEqual(Object.keys(settingsDefinition.fields));
    expect(views.find((v) => v.key === 'email')).toMatchObject({ kind: 'text', format: 'email', max: 254 });
    expect(views.find((v) => v.key === 'analyticsId')?.pattern).toBe('^[A-Za-z0-9-]+$');
    expect(views.find((v) => v.key === 'legacyVisitCount')).toMatchObject({ kind: 'integer', min: 0 });
    expect(JSON.parse(JSON.stringify(views))).toEqual(views);
  });

  it('offers a text setting whose pattern is a list of words as that list', () => {
    const views = settingsFieldViews(settingsDefinition.fields);
    expect(views.find((v) => v.key === 'secondFactorPolicy')?.choices).toEqual([
      'none',
      'admins',
      'everyone',
      'members',
    ]);
    expect(views.find((v) => v.key === 'analyticsId')?.choices).toBeUndefined();
  });
});
