import { call } from './helpers/api';
import { withDatabase } from './helpers/database';
import { allResources } from '../lib/content/model/registry';

withDatabase();

test('GET /api/openapi.json is a valid OpenAPI 3.1 document covering every resource and call', async () => {
  const response = await call('GET', 'openapi.json');
  expect(response.status).toBe(200);
  const doc = response.body;
  expect(doc.openapi).toBe('3.1.0');
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  const result = await new Validator().validate(doc);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);

  for (const resource of allResources()) {
    expect(doc.components.schemas[resource.name]).toBeDefined();
    expect(doc.paths[`/api/${resource.name}/getlist`].post).toBeDefined();
    expect(doc.paths[`/api/${resource.name}/get/{id}`].get.responses['200'].content['application/json'].schema).toEqual(
      { $ref: `#/components/schemas/${resource.name}` },
    );
  }
  expect(doc.paths['/api/webqa/add/{section}'].post).toBeDefined();
  expect(
    doc.paths['/api/account/login'].post.parameters.some((p: { $ref?: string }) => p.$ref?.endsWith('XsrfToken')),
  ).toBe(false);
  expect(doc.paths['/api/batch'].post.summary).toContain('multipart/mixed');
  // Secrets never appear in the description of a row.
  expect(doc.components.schemas.account.properties.passwordHash).toBeUndefined();
  expect(doc.components.schemas.account.properties.password.writeOnly).toBe(true);
});
