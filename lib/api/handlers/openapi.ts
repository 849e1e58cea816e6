import packageJson from '../../../package.json';
import { json } from '../http';
import { openApiDocument } from '../openapi';
import { buildRoutes, type Route } from '../routes';

/** `GET /api/openapi.json`: the API described from the same route table the dispatcher uses. */
export async function openapi(): Promise<Response> {
  const own: Route[] = [
    { method: 'GET', path: 'openapi.json', handler: openapi },
    {
      method: 'POST',
      path: 'batch',
      handler: openapi,
      summary: 'Run several requests in one: multipart/mixed of application/http parts (docs/api.md)',
    },
  ];
  return json(openApiDocument([...buildRoutes(), ...own], packageJson.version));
}
