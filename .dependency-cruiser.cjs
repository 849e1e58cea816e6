/**
 * The layering of docs/architecture.md, checked by `npm run lint`: lib/db, lib/mail ← lib/content ← lib/api,
 * lib/public, lib/admin ← app/, and no import circle anywhere (type imports count).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: modules that load each other half-built. Move the shared piece down a layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'content-knows-no-http',
      severity: 'error',
      comment: 'lib/content is below the API: operations take an Actor and throw ContentErrors, lib/api adapts them to HTTP.',
      from: { path: '^lib/content/' },
      to: { path: '^lib/(api|public|admin|admin-form|client)/|^app/|^components/' },
    },
    {
      name: 'db-below-content',
      severity: 'error',
      comment: 'lib/db is the bottom layer; only its schema files (schema.ts, tables.ts, kit-schema.ts) read the content registry, since the tables are derived from it.',
      from: { path: '^lib/db/', pathNot: '^lib/db/(schema|tables|kit-schema)\\.ts$' },
      to: { path: '^lib/(content|api|public|admin|admin-form|client)/|^app/|^components/' },
    },
    {
      name: 'mail-below-content',
      severity: 'error',
      comment: 'lib/mail (transport, queue, e-mail texts) is used by content operations, so it knows nothing of them or of HTTP.',
      from: { path: '^lib/mail/' },
      to: { path: '^lib/(content|api|public|admin|admin-form|client)/|^app/|^components/' },
    },
    {
      name: 'lib-below-app',
      severity: 'error',
      comment: 'Routes in app/ use lib/ and components/, never the other way round.',
      from: { path: '^(lib|components)/' },
      to: { path: '^app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(\\.next|node_modules)/' },
    // Type-only imports are edges too: a circle of types still couples the modules.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json'] },
  },
};
