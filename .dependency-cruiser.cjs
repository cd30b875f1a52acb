/**
 * The import rules of Dau (docs/decisions/100-composition-and-layers.md and
 * shared/design/architecture.md), checked by `npm run check:deps` in `npm run validate` and CI.
 * Type-only imports count: `tsPreCompilationDeps` reads the TypeScript before it is compiled.
 */
const server = '^apps/server/src/';
const web = '^apps/web/src/';

/**
 * The provider interface files of the modules: the one thing in `modules/` a sandbox may
 * import. A new external service adds its interface file here (e.g. the casino's
 * `modules/casino/game.provider.ts`).
 */
const providerInterfaces = [
  `${server}modules/[^/]+/[^/]+\\.provider\\.ts$`,
  `${server}modules/feed/feed-messages\\.ts$`,
  `${server}modules/content/content-source\\.ts$`,
];

/** A module's tables, in the module's folder or one folder below (modules/casino/games/). */
const moduleTables = [
  `${server}modules/[^/]+/[^/]+\\.tables\\.ts$`,
  `${server}modules/[^/]+/[^/]+/[^/]+\\.tables\\.ts$`,
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circles, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'db-knows-no-module',
      comment:
        'db/ holds the handle, migrations and leaf column types. Only db/schema.ts assembles the ' +
        "modules' *.tables.ts (type-only, each importing nothing but db/columns.ts).",
      severity: 'error',
      from: { path: `${server}db/` },
      to: {
        path: server,
        pathNot: [`${server}db/`, ...moduleTables],
      },
    },
    {
      name: 'db-tables-only-in-schema',
      comment: 'Of the modules, db/ sees only their tables, and only from db/schema.ts.',
      severity: 'error',
      from: { path: `${server}db/`, pathNot: `${server}db/schema\\.ts$` },
      to: { path: `${server}modules/` },
    },
    {
      name: 'tables-are-leaves',
      comment: "A module's *.tables.ts imports only db/columns.ts (and kysely's types).",
      severity: 'error',
      from: { path: moduleTables },
      to: { path: server, pathNot: `${server}db/columns\\.ts$` },
    },
    {
      name: 'realtime-knows-no-module',
      comment: 'The realtime server knows rooms and events (contracts), not modules or the app.',
      severity: 'error',
      from: { path: `${server}realtime/` },
      to: { path: server, pathNot: `${server}realtime/` },
    },
    {
      name: 'modules-never-import-sandbox',
      comment:
        'A module talks to an external service through its interface; the composition ' +
        '(src/composition.ts) decides whether a sandbox or a real adapter is behind it.',
      severity: 'error',
      from: { path: `${server}modules/` },
      to: { path: `${server}sandbox/` },
    },
    {
      name: 'sandbox-imports-only-interfaces',
      comment:
        "A sandbox imports the provider interface it implements, domain and contracts - never a module's service, repository or routes.",
      severity: 'error',
      from: { path: `${server}sandbox/` },
      to: { path: `${server}modules/`, pathNot: providerInterfaces },
    },
    {
      name: 'only-the-composition-wires',
      comment:
        'composition.ts, app.ts, server.ts and main.ts wire everything; nothing imports them back.',
      severity: 'error',
      from: {
        path: server,
        pathNot: `${server}(app|server|main|composition)\\.ts$`,
      },
      to: { path: `${server}(app|server|main|composition)\\.ts$` },
    },
    {
      name: 'domain-is-pure',
      comment: 'packages/domain imports nothing of Dau but itself.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|e2e|bench|packages/(?!domain/))' },
    },
    {
      name: 'contracts-import-only-domain',
      comment: 'packages/contracts imports domain and itself, no app code.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|e2e|bench|packages/(?!(domain|contracts)/))' },
    },
    {
      name: 'apps-do-not-import-each-other',
      comment: 'The server and the web app share code only through packages/.',
      severity: 'error',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/(server|web)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-features-never-import-app',
      comment: 'Imports go one way: app -> features -> ui/lib. Lift shared code down instead.',
      severity: 'error',
      from: { path: `${web}features/` },
      to: { path: `${web}app/` },
    },
    {
      name: 'web-features-stay-apart',
      comment: 'A feature does not reach into another feature; lift shared code to ui/ or lib/.',
      severity: 'error',
      from: { path: `${web}features/([^/]+)/` },
      to: { path: `${web}features/`, pathNot: `${web}features/$1/` },
    },
    {
      name: 'web-ui-lib-below-features',
      comment: 'ui/ and lib/ import domain and contract types, never features or app/.',
      severity: 'error',
      from: { path: `${web}(ui|lib)/` },
      to: { path: `${web}(features|app)/` },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.data)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
