/**
 * What `import 'server-only'` loads outside Next.js: nothing. The tsx scripts (tsconfig.scripts.json)
 * and jest (jest.config.mjs) map the package here, since its default entry throws on import; inside
 * Next.js the real package stays, so a client component that imports a server file fails the build.
 */
export {};
