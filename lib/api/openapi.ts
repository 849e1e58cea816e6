import type { ResourceDefinition } from '../content/model/define';
import type { Field } from '../content/model/fields';
import { allResources } from '../content/model/registry';
import { traits } from '../content/model/define';
import { inputFields } from '../content/model/validation';
import type { Route } from './routes';

/**
 * The OpenAPI 3.1 description of the API, derived from the route table and the content registry,
 * so it cannot drift from what the server does.
 */
type Schema = Record<string, unknown>;

const wireDateTime = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$',
  description: 'YYYY-MM-DDTHH:mm:ss in the site time zone',
};
const uploadId = { type: 'string', format: 'uuid' };

function fieldSchema(f: Field): Schema {
  const base: Schema = { title: f.label.en, description: f.label.tw };
  if (f.readOnly) base.readOnly = true;
  if (f.virtual) base.writeOnly = true;
  switch (f.kind) {
    case 'text':
    case 'longtext':
    case 'richtext':
    case 'password':
      return {
        ...base,
        type: 'string',
        maxLength: f.max,
        ...('min' in f && f.min ? { minLength: f.min } : {}),
        ...('format' in f && (f.format === 'url' || f.format === 'email')
          ? { format: f.format === 'url' ? 'uri' : 'email' }
          : {}),
        ...(f.kind === 'richtext' ? { contentMediaType: 'text/html' } : {}),
        ...('choices' in f && f.choices ? { enum: f.choices.map((c) => c.value) } : {}),
        ...('defaultValue' in f && f.defaultValue !== undefined ? { default: f.defaultValue } : {}),
      };
    case 'integer':
      return {
        ...base,
        type: 'integer',
        ...(f.min !== undefined ? { minimum: f.min } : {}),
        ...(f.max !== undefined ? { maximum: f.max } : {}),
      };
    case 'reference':
      return { ...base, type: 'integer', minimum: 1, description: `${f.label.tw}; id of a ${f.resource} row` };
    case 'choice':
      return {
        ...base,
        type: 'integer',
        enum: f.choices.map((c) => c.value),
        description: f.choices.map((c) => `${c.value} = ${c.label.en}`).join(', '),
      };
    case 'boolean':
      return { ...base, type: 'boolean' };
    case 'datetime':
      return { ...base, ...wireDateTime };
    case 'date':
      return { ...base, type: 'string', format: 'date' };
    case 'image':
      return { ...base, ...uploadId };
    case 'files':
      return { ...base, type: 'array', items: uploadId, maxItems: 50 };
  }
}

function rowSchema(definition: ResourceDefinition): Schema {
  const t = traits(definition);
  const properties: Record<string, Schema> = { id: { type: 'integer', readOnly: true } };
  if (t.localized) properties.lang = { type: 'string', enum: ['tw', 'en'], readOnly: true };
  for (const [key, f] of inputFields(definition)) properties[key] = fieldSchema(f);
  for (const [key, f] of Object.entries(definition.fields))
    if (!f.hidden && !(key in properties)) properties[key] = fieldSchema(f);
  if (t.ordered) properties.order = { type: 'integer', readOnly: true, description: '1-based position among siblings' };
  properties.createdAt = { ...wireDateTime, readOnly: true };
  properties.updatedAt = { ...wireDateTime, readOnly: true };
  properties.version = {
    type: 'integer',
    minimum: 1,
    description:
      'Raised by each write. Sent with update, the save is refused (400, `conflict`) unless the row still has it',
  };
  const required = Object.entries(definition.fields)
    .filter(([, f]) => f.required && !f.readOnly)
    .map(([key]) => key);
  return { type: 'object', title: definition.label.en, description: definition.label.tw, properties, required };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
const errorResponse = { description: 'Error', ...json(ref('Error')) };

function operation(route: Route): Schema {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const definition = route.resource;
  const action = definition ? route.path.split('/')[1] : undefined;
  const responses: Record<string, unknown> = {
    200: { description: 'OK', ...json({}) },
    400: errorResponse,
    401: errorResponse,
    403: errorResponse,
    404: errorResponse,
  };
  const parameters: unknown[] = [
    { $ref: '#/components/parameters/WebLanguage' },
    { $ref: '#/components/parameters/WebRole' },
    ...params,
  ];
  const op: Schema = {
    operationId: `${route.method.toLowerCase()}_${route.path.replace(/[/:]+/g, '_')}`,
    summary: route.summary ?? (definition ? `${definition.label.en}: ${action}` : route.path),
    tags: [definition?.name ?? route.path.split('/')[0]],
    parameters,
    responses,
  };
  if (definition && action) {
    const row = ref(definition.name);
    if (action === 'delete' || action === 'changeorder')
      parameters.push({
        name: 'version',
        in: 'query',
        required: false,
        description: 'The version last read: refused (400, `conflict`) unless the row still has it',
        schema: { type: 'integer', minimum: 1 },
      });
    if (action === 'getlist') {
      op.requestBody = json(ref('ListRequest'));
      responses[200] = {
        description: 'A page of rows',
        ...json({
          type: 'object',
          properties: {
            data: { type: 'array', items: row },
            total: { type: 'integer' },
            page: { type: 'integer' },
            pageSize: { type: 'integer' },
          },
        }),
      };
    } else if (action === 'get') {
      responses[200] = { description: 'The row', ...json(row) };
    } else if (action === 'add' || action === 'update') {
      op.requestBody = json(row);
      responses[200] = { description: 'The stored row', ...json(row) };
    } else if (action === 'delete') {
      responses[200] = { description: 'Deleted', ...json({ type: 'object', properties: { id: { type: 'integer' } } }) };
    } else if (action === 'changeorder') {
      responses[200] = {
        description: 'The siblings in their new order',
        ...json({ type: 'object', properties: { data: { type: 'array', items: row } } }),
      };
    } else if (action === 'revision' || action === 'restorerevision' || action === 'restore') {
      responses[200] = {
        description: action === 'revision' ? 'The values at that revision' : 'The restored row',
        ...json(row),
      };
    } else if (action === 'revisions') {
      const revision = {
        type: 'object',
        properties: {
          revision: { type: 'integer' },
          savedAt: wireDateTime,
          accountId: { type: ['integer', 'null'] },
          accountName: { type: ['string', 'null'] },
        },
      };
      responses[200] = {
        description: 'The revisions, newest first',
        ...json({ type: 'object', properties: { data: { type: 'array', items: revision } } }),
      };
    } else if (action === 'gettrash') {
      op.requestBody = json(ref('ListRequest'));
      const entry = {
        allOf: [
          row,
          {
            type: 'object',
            properties: {
              deletedAt: wireDateTime,
              deletedBy: { type: ['integer', 'null'] },
              deletedByName: { type: ['string', 'null'] },
            },
          },
        ],
      };
      responses[200] = {
        description: 'A page of the trash',
        ...json({
          type: 'object',
          properties: {
            data: { type: 'array', items: entry },
            total: { type: 'integer' },
            page: { type: 'integer' },
            pageSize: { type: 'integer' },
          },
        }),
      };
    } else if (action === 'purge') {
      responses[200] = { description: 'Purged', ...json({ type: 'object', properties: { id: { type: 'integer' } } }) };
    }
  }
  if (route.method !== 'GET' && !route.noXsrf) parameters.push({ $ref: '#/components/parameters/XsrfToken' });
  return op;
}

export function openApiDocument(routes: Route[], version: string): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  for (const route of routes) {
    const path = `/api/${route.path.replace(/:(\w+)/g, '{$1}')}`;
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gonghui API',
      version,
      description: 'JSON API of the association website and back office. See docs/api.md.',
    },
    paths,
    components: {
      schemas: {
        ...Object.fromEntries(allResources().map((r) => [r.name, rowSchema(r)])),
        ListRequest: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 9999, default: 10 },
            sort: { type: 'string' },
            direction: { type: 'string', enum: ['asc', 'desc'] },
            keyword: { type: 'string', maxLength: 200 },
          },
        },
        Error: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string' },
            errors: {
              type: 'array',
              items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
            },
          },
        },
      },
      parameters: {
        WebLanguage: {
          name: 'Web-Language',
          in: 'header',
          schema: { type: 'string', enum: ['tw', 'en'], default: 'tw' },
        },
        WebRole: { name: 'Web-Role', in: 'header', schema: { type: 'string' } },
        XsrfToken: {
          name: 'X-XSRF-TOKEN',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          description: 'The value of the XSRF-TOKEN cookie',
        },
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token from POST /api/account/login' },
      },
    },
    security: [{}, { bearer: [] }],
  };
}
