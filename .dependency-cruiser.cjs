/**
 * The layering of docs/architecture.md ("Layers"), checked by `npm run lint`. Bottom to top:
 *   foundation (lib/config, lib/runtime, lib/security, lib/i18n, lib/routing, the instruments of lib/observability)
 *   ← lib/db ← infrastructure (lib/cache, lib/http, lib/mail, lib/uploads, health and request log)
 *   ← lib/content (model/ ← storage/ ← auth/ ← operations/, hooks/, endpoints/ ← jobs/) ← lib/demo
 *   ← lib/api, lib/public, lib/admin, lib/admin-form, lib/client ← start-up (lib/server/, lib/startup.ts,
 *   lib/server-start.ts) ← app/, components/, proxy.ts.
 * One rule per boundary: each says what a layer may not import. The one upward import allowed is lib/db's
 * schema reading the content model, since the tables are derived from the definitions. No import circle
 * anywhere (type imports count).
 */

/** Layers that import nothing of the project but each other. Health and the request log watch layers above. */
const foundation = '^lib/(config|runtime|security|i18n|routing)/|^lib/observability/(?!(health|request-log)\\.ts$)';
/** Everything of the project that can be imported. */
const anything = '^(lib|app|components)/|^proxy\\.ts$';
/** The files of lib/db that define tables: they read the content model. */
const dbSchema = '^lib/db/(schema|tables|kit-schema)\\.ts$';
/**
 * Who builds queries: lib/db, the content storage, the content model's table builder, and the
 * infrastructure that keeps tables of its own (lib/cache: the stored generations; lib/mail: the
 * mail queue; lib/uploads: uploads, their pieces, sized copies and history).
 */
const queryOwners = '^lib/db/|^lib/content/storage/|^lib/content/model/table\\.ts$|^lib/(cache|mail|uploads)/';
/** The connection and the tables: what a query is built on. */
const connectionAndTables = '^lib/db/(index|client|schema|tables|kit-schema)\\.ts$';
/** The HTTP-facing layers above the content, the start-up and the routes. */
const aboveContent =
  '^lib/(demo|api|public|admin|admin-form|client|server)/|^lib/[^/]+\\.ts$|^app/|^components/|^proxy\\.ts$';

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
      name: 'foundation-imports-no-layer',
      severity: 'error',
      comment:
        "lib/config, lib/runtime, lib/security, lib/i18n, lib/routing and the instruments of lib/observability (logger, metrics, request store) are used by every layer, so they import none. lib/i18n/request.ts is next-intl's request configuration, an entry point like app/ (next.config.mjs).",
      from: { path: foundation, pathNot: '^lib/i18n/request\\.ts$' },
      to: { path: anything, pathNot: foundation },
    },
    {
      name: 'routing-is-browser-safe',
      severity: 'error',
      comment:
        "lib/routing builds the paths of the public site, the back office and the mails, in the browser and on the server alike: it imports lib/i18n's languages and nothing else, no package and no Node.js module.",
      from: { path: '^lib/routing/' },
      to: { pathNot: '^lib/(routing/|i18n/languages\\.ts$)' },
    },
    {
      name: 'i18n-request-is-an-entry',
      severity: 'error',
      comment: "lib/i18n/request.ts is loaded by next-intl's plugin only; import lib/i18n/messages.ts instead.",
      from: {},
      to: { path: '^lib/i18n/request\\.ts$' },
    },
    {
      name: 'db-is-the-bottom-store',
      severity: 'error',
      comment: 'lib/db (connection, schema, backup) sits on the foundation only; the layers above it call it.',
      from: { path: '^lib/db/', pathNot: dbSchema },
      to: { path: anything, pathNot: `^lib/db/|${foundation}` },
    },
    {
      name: 'db-schema-reads-only-the-content-model',
      severity: 'error',
      comment:
        "The one upward import: lib/db's schema files derive the content tables from the definitions (lib/content/model: registry, define, table), and read nothing else above lib/db.",
      from: { path: dbSchema },
      to: { path: anything, pathNot: `^lib/db/|^lib/content/model/|${foundation}` },
    },
    {
      name: 'infrastructure-below-content',
      severity: 'error',
      comment:
        'lib/cache, lib/http, lib/mail, lib/sheets, lib/uploads and the health checks and request log of lib/observability serve lib/content and the layers above; they know nothing of them. A piece that needs content belongs higher (a route of lib/api, or the request pipeline of lib/server).',
      from: { path: '^lib/(cache|http|mail|sheets|uploads)/|^lib/observability/(health|request-log)\\.ts$' },
      to: { path: `^lib/content/|${aboveContent}` },
    },
    {
      name: 'content-model-is-browser-safe',
      severity: 'error',
      comment:
        'lib/content/model (and the resource declarations its registry loads) is what client components import: it imports nothing of the server side of content, of lib/db or of any other server layer; only the message texts, the lazily read config and the upload id pattern.',
      from: { path: '^lib/content/(model|resources)/' },
      to: {
        path: anything,
        pathNot:
          '^lib/content/(model|resources)/|^lib/i18n/(languages|messages)\\.ts$|^lib/config/|^lib/uploads/id\\.ts$',
      },
    },
    {
      name: 'content-storage-below-auth-and-operations',
      severity: 'error',
      comment:
        'lib/content/storage (rows, reads, trash, revisions, audit, search) is the bottom of the server side of content.',
      from: { path: '^lib/content/storage/' },
      to: { path: '^lib/content/(auth|operations|hooks|endpoints|jobs)/' },
    },
    {
      name: 'queries-live-in-storage',
      severity: 'error',
      comment:
        'SQL is built in lib/content/storage (the content tables and those beside them: accounts, sessions, second factors, sign-ups, the newsletter…), in lib/db, by the table builder of lib/content/model and by the infrastructure that keeps tables of its own. Auth, operations, hooks, endpoints and the layers above call storage functions named by what they read or write.',
      from: { path: anything, pathNot: queryOwners },
      to: { path: '^node_modules/drizzle-orm/' },
    },
    {
      name: 'connection-through-storage',
      severity: 'error',
      comment:
        "Only the query owners reach the connection and the tables. The process start-up and the health check open, watch and close the connection (lib/db's lifecycle); naming a type of the connection or of a table's row is allowed anywhere.",
      from: { path: anything, pathNot: `${queryOwners}|^lib/server/|^lib/observability/health\\.ts$` },
      to: { path: connectionAndTables, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'content-auth-below-operations',
      severity: 'error',
      comment:
        'lib/content/auth (sessions, passwords, captcha, rate limits, preview tokens, accounts) is used by the operations, not the other way round.',
      from: { path: '^lib/content/auth/' },
      to: { path: '^lib/content/(operations|hooks|endpoints|jobs)/' },
    },
    {
      name: 'content-jobs-on-top-of-content',
      severity: 'error',
      comment:
        'lib/content/jobs (housekeeping, cross-server) is started by the process start-up; nothing else in content calls it.',
      from: { path: '^lib/content/', pathNot: '^lib/content/jobs/' },
      to: { path: '^lib/content/jobs/' },
    },
    {
      name: 'content-knows-no-http',
      severity: 'error',
      comment:
        'lib/content is below the API: operations take an Actor and throw ContentErrors, lib/api adapts them to HTTP.',
      from: { path: '^lib/content/' },
      to: { path: aboveContent },
    },
    {
      name: 'demo-below-the-routes',
      severity: 'error',
      comment: 'lib/demo writes the demo content through lib/content at start-up; it knows nothing of the routes.',
      from: { path: '^lib/demo/' },
      to: {
        path: '^lib/(api|public|admin|admin-form|client|server)/|^lib/[^/]+\\.ts$|^app/|^components/|^proxy\\.ts$',
      },
    },
    {
      name: 'browser-code-imports-only-the-model',
      severity: 'error',
      comment:
        "lib/admin, lib/admin-form and lib/client run in the browser: of the server layers they import only the content model (and lib/http's shared cookie and multipart helpers).",
      from: { path: '^lib/(admin|admin-form|client)/' },
      to: {
        path: '^lib/(db|cache|mail|sheets|uploads|observability|demo|api|public|server)/|^lib/content/(?!model/|resources/)|^lib/[^/]+\\.ts$',
      },
    },
    {
      name: 'routes-below-start-up',
      severity: 'error',
      comment: 'lib/api and lib/public answer requests; the request pipeline and the process start-up call them.',
      from: { path: '^lib/(api|public)/' },
      to: { path: '^lib/server/|^lib/[^/]+\\.ts$|^app/|^components/|^proxy\\.ts$' },
    },
    {
      name: 'server-pipeline-serves-no-browser-code',
      severity: 'error',
      comment:
        'lib/server (the request pipeline and process start-up) sits just below app/: it may use any of lib/ but the browser side. ' +
        "The back office's URL rewrite (lib/admin/rewrite.ts, which proxy.ts applies) is routing, not browser code: the request log labels a back-office request by the route it is rewritten to.",
      from: { path: '^lib/server/' },
      to: {
        path: '^lib/(admin|admin-form|client)/|^app/|^components/|^proxy\\.ts$',
        pathNot: '^lib/admin/(rewrite|paths)\\.ts$',
      },
    },
    {
      name: 'only-server-ts-imports-the-pipeline',
      severity: 'error',
      comment: 'The request pipeline is started by the root server.ts alone.',
      from: { pathNot: '^server\\.ts$|^lib/server/' },
      to: { path: '^lib/server/' },
    },
    {
      name: 'next-knowledge-behind-its-index',
      severity: 'error',
      comment:
        "What knows Next.js's output and internals lives in lib/server/next/ and is used through its index.ts, so a " +
        'Next.js upgrade has one folder to read (and test/server/next-contract.test.ts to run).',
      from: { pathNot: '^lib/server/next/' },
      to: { path: '^lib/server/next/(?!index\\.ts$)' },
    },
    {
      name: 'start-up-on-top',
      severity: 'error',
      comment:
        'lib/server-start.ts and lib/startup.ts start the process (instrumentation.ts); no library imports them.',
      from: { path: anything, pathNot: '^lib/(server-start|startup)\\.ts$|^lib/server/' },
      to: { path: '^lib/(server-start|startup)\\.ts$' },
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
    // node_modules is not followed but kept as the end of an edge: the query rule names drizzle-orm.
    exclude: { path: '^\\.next/' },
    // Type-only imports are edges too: a circle of types still couples the modules.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json'] },
  },
};
