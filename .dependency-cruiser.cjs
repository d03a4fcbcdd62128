/**
 * The layers of Counterpart, checked on every `npm test`:
 *  - no import cycles between files;
 *  - lib/ and db/ are the framework-free domain: they import neither app/, components/ nor Next (next/*, next-auth);
 *  - components/ never import route handlers or lib's database code paths through app/ except server actions.
 * Tests are outside the layers: a test may import whatever it exercises.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two modules one; break it by moving the shared part into a module of its own.',
      from: { pathNot: '\\.test\\.ts$' },
      to: { circular: true },
    },
    {
      name: 'domain-is-framework-free',
      severity: 'error',
      comment: 'lib/ and db/ are the domain; the app/ layer adapts them to Next.',
      from: { path: '^(lib|db)/', pathNot: ['\\.test\\.ts$', '(^|/)testing(/|\\.ts$)'] },
      to: { path: ['^app/', '^components/', '^node_modules/next/', '^node_modules/next-auth/', '^auth\\.ts$'] },
    },
    {
      name: 'components-do-not-reach-into-routes',
      severity: 'error',
      comment: 'Components import server actions (actions.ts) and nothing else of app/.',
      from: { path: '^components/' },
      to: { path: '^app/', pathNot: '(actions|-actions)\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^\\.next/', '^node_modules/', '^sdk/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
