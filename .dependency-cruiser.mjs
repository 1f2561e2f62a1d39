// Import boundaries (ARCHITECTURE.md section 2 and docs/architecture.md, "The web"), checked by `npm run depcheck`.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    // ---------------------------------------------------------------- packages point one way
    {
      name: 'shared-and-geo-stand-alone',
      comment: 'The contract and the geometry import nothing of ours.',
      severity: 'error',
      from: { path: '^packages/(shared|geo)/' },
      to: { path: '^(packages|server|web|e2e|tools)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'geo-is-pure',
      comment:
        'packages/geo is arithmetic only: no npm package and no Node module. Reading files (GeoJSON, KML, ' +
        'Shapefile) is packages/geo-files.',
      severity: 'error',
      from: { path: '^packages/geo/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'core'] },
    },
    {
      name: 'geo-files-geo-mesh-imagery-and-vision-use-geo-and-shared-only',
      comment:
        'Their tests, and the vision tools that run on the shared fixtures (src/cli: eval, bench, tune), find ' +
        "those through packages/imagery's test-fixtures.ts, the one place that knows where they live.",
      severity: 'error',
      from: { path: '^packages/(geo-files|geo-mesh|imagery|vision)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^(packages|server|web|e2e|tools)/',
        pathNot: '^packages/($1|geo|shared)/|^packages/imagery/src/test-fixtures\\.ts$',
      },
    },
    {
      name: 'web-uses-shared-and-geo-only',
      comment: 'The browser bundle takes the contract and the geometry, never server code or file parsers.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(packages|server|e2e|tools)/', pathNot: '^packages/(shared|geo)/' },
    },

    // ---------------------------------------------------------------- the web's layers
    {
      name: 'web-features-are-independent',
      comment:
        'A feature never imports another feature: what two features share moves to web/src/components, ' +
        'web/src/lib or web/src/api (queries and their keys), or web/src/session.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-app-is-the-top',
      comment:
        'web/src/app (router, layout, page registry, providers) assembles the features; nothing below it ' +
        'imports it. The session, permissions and the page contract live in web/src/session.',
      severity: 'error',
      from: { path: '^web/src/', pathNot: '^web/src/(app/|main\\.tsx$)' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'web-lower-layers-know-no-features',
      comment: 'components, lib, api, session, stores, i18n and viewer serve every feature and know none.',
      severity: 'error',
      from: { path: '^web/src/(components|lib|api|session|stores|i18n|viewer)/' },
      to: { path: '^web/src/features/' },
    },

    // ---------------------------------------------------------------- cycles
    {
      name: 'no-cycles',
      comment: 'Modules that import each other cannot be understood, tested or loaded one at a time.',
      severity: 'error',
      from: { path: '^(web/src|packages/[^/]+/src|server/src)/' },
      to: { circular: true },
    },
    {
      name: 'server-modules-no-folder-cycles',
      comment: 'Two server modules (server/src/modules/*) never depend on each other in a circle.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/src/modules/[^/]+$' },
      to: { path: '^server/src/modules/[^/]+$', circular: true },
    },

    // ---------------------------------------------------------------- the server's floors
    {
      name: 'team-core-knows-no-domain',
      comment:
        'The team core is the bottom floor: domains above it (projects, users, ...) hook into it ' +
        '(team/member-removal.ts) instead of being imported.',
      severity: 'error',
      from: { path: '^server/src/modules/team/' },
      to: { path: '^server/src/modules/', pathNot: '^server/src/modules/team/' },
    },
    {
      name: 'project-core-knows-no-children',
      comment:
        'The project core (with its groups and types) stands on the team core and the recycle bin only; the ' +
        'domains under a project (model, inspections, defects, reports, monitoring) register hooks ' +
        '(project/project-children.ts) that the core calls without importing them.',
      severity: 'error',
      from: { path: '^server/src/modules/project/' },
      to: { path: '^server/src/modules/', pathNot: '^server/src/modules/(project|team|recycle-bin)/' },
    },
    {
      name: 'platform-knows-no-module',
      comment: 'server/src/platform serves every module and knows none.',
      severity: 'error',
      from: { path: '^server/src/platform/' },
      to: { path: '^server/src/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Server tests and their harness import many modules at once; the module rule is about the product's code.
    exclude: { path: ['(^|/)(dist|test-output)/', '^server/(test/|.*\\.test\\.ts$)'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
