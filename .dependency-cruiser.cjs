/**
 * The house's dependency rules (docs/architecture.md, "Rules that a machine checks"), run by
 * `npm run check` (npm run deps). Sources are read through Babel's TypeScript preset (which keeps every
 * value import, used or not: onlyRemoveTypeImports): TypeScript 7 has
 * no JavaScript API for the checker to parse with, so type-only imports (erased) are not seen.
 */
const APPS = '(console|portal|terminal)';
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycles anywhere, type-only imports included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-import-no-app',
      severity: 'error',
      comment: 'contracts/ is shared by the server and every app: it imports none of them.',
      from: { path: '^contracts/' },
      to: { path: `^(server|${APPS.slice(1, -1)}|e2e|bench|scripts)/` },
    },
    {
      name: 'core-imports-no-domain',
      severity: 'error',
      comment: 'server/src/core is what every domain stands on: it imports no domain.',
      from: { path: '^server/src/core/' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'domains-meet-at-their-door',
      severity: 'error',
      comment: "A server domain reaches another only through that domain's index.ts.",
      from: { path: '^server/src/modules/([^/]+)/' },
      to: {
        path: '^server/src/modules/[^/]+/',
        pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-reaches-domains-at-their-door',
      severity: 'error',
      comment: 'The app, the seed and the scripts reach a domain only through its index.ts.',
      from: { path: '^server/src/(app|main)\\.ts$|^server/src/(seed|scripts|core)/' },
      to: { path: '^server/src/modules/[^/]+/', pathNot: '^server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'features-meet-at-their-door',
      severity: 'error',
      comment:
        'A front-end feature (a domain of console/src/features) reaches another only through its index.ts.',
      from: { path: `^${APPS}/src/features/([^/]+)/` },
      to: {
        path: `^${APPS}/src/features/[^/]+/`,
        pathNot: [`^$1/src/features/$2/`, `^${APPS}/src/features/[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'apps-share-only-contracts',
      severity: 'error',
      comment: 'An app imports no other app and no server code: what they share lives in contracts/.',
      from: { path: `^${APPS}/` },
      to: { path: '^(server|e2e|bench)/' },
    },
    {
      name: 'apps-import-no-other-app',
      severity: 'error',
      comment: 'The console, the portal and the terminal are separate bundles: they meet only in contracts/.',
      from: { path: `^${APPS}/` },
      to: { path: `^${APPS}/`, pathNot: '^$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|test-results|playwright-report)/' },
    babelConfig: { fileName: '.dependency-cruiser.babel.json' },
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
