import type { ResourceDefinition } from '../../lib/content/model/define';
import type { Field } from '../../lib/content/model/fields';
import { findResource } from '../../lib/content/model/registry';
import { call } from './api';

let counter = 0;

/** A valid value for a field, from its kind and bounds alone. */
function sampleValue(key: string, f: Field, n: number): unknown {
  switch (f.kind) {
    case 'text':
      if (f.format === 'email') return `person${n}@example.org`;
      if (f.format === 'url') return `https://example.org/${key}/${n}`;
      if (key === 'videoUrl') return `https://www.youtube.com/watch?v=sample${n}`;
      if (key === 'askFields') return 'phone*,dietary';
      return `${key} ${n} 樣本`.slice(0, f.max);
    case 'longtext':
      return `${key} ${n} 說明文字`;
    case 'password':
      return `password-${n}-long`;
    case 'richtext':
      return `<p>${key} ${n} <strong>內容</strong></p>`;
    case 'integer':
      return f.min ?? 1;
    case 'choice':
      return f.choices[f.choices.length - 1].value;
    case 'boolean':
      return true;
    case 'datetime':
      return '2024-03-04T05:06:07';
    case 'date':
      return '2024-03-04';
    case 'image':
      return null;
    case 'files':
      return [];
    case 'reference':
      return undefined; // filled by sampleBody, which creates the referenced row
  }
}

/**
 * A valid add body for any resource: every required and optional field gets a value, and each
 * referenced row (type, class, group…) is created first through the API, in the same language.
 */
export async function sampleBody(
  definition: ResourceDefinition,
  options: { token: string; language: 'tw' | 'en'; parents?: Record<string, unknown> },
): Promise<Record<string, unknown>> {
  const n = ++counter;
  const body: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(definition.fields)) {
    if (f.readOnly || f.hidden) continue;
    if (options.parents && key in options.parents) {
      body[key] = options.parents[key];
    } else if (f.kind === 'reference') {
      const target = findResource(f.resource)!;
      const created = await call(
        'POST',
        `${target.name}/add`,
        await sampleBody(target, { ...options, parents: undefined }),
        options,
      );
      if (created.status !== 200) throw new Error(`cannot create ${target.name}: ${JSON.stringify(created.body)}`);
      body[key] = created.body.id;
    } else {
      body[key] = sampleValue(key, f, n);
    }
  }
  return body;
}

/** The first plain text field: what tests edit to see an update land. */
export function editableTextField(definition: ResourceDefinition): string {
  const entry = Object.entries(definition.fields).find(
    ([, f]) => f.kind === 'text' && !f.format && !f.pattern && !f.readOnly && !f.unique,
  );
  if (!entry) throw new Error(`${definition.name} has no plain text field`);
  return entry[0];
}
