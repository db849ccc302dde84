/**
 * Layer boundaries (ARCHITECTURE.md §2): imports run one way.
 * web: app → features → components/lib; never feature ↔ feature.
 * server: routes → service → repo; apps → packages, never back.
 */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'packages-stay-pure',
      comment: 'packages/* are pure: no imports from the apps.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'domain-has-no-io',
      comment: 'packages/domain holds pure rules: no database, HTTP or file system.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '(^|/)node_modules/(pg|drizzle-orm|fastify|@fastify|react|react-dom)/|^node:fs' },
    },
    {
      name: 'apps-are-separate',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-does-not-import-web',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'no-feature-to-feature',
      comment: 'A web feature never imports another one; share through lib or components.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'lib-and-components-below-features',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'features-below-app',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'repo-below-service',
      comment: 'repo.ts holds queries only; it never calls services or routes.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/[^/]+/repo\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/(service|routes|policy)\\.ts$' },
    },
    {
      name: 'service-below-routes',
      severity: 'error',
      from: { path: '^apps/server/src/modules/[^/]+/(service|repo|policy)\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/routes\\.ts$' },
    },
    {
      name: 'production-code-not-from-tests',
      severity: 'error',
      from: { path: '^(apps|packages)/[^/]+/src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '(\\.test\\.tsx?$|^apps/server/test/|^apps/web/e2e/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.kontor)/' },
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
