/**
 * The layers of Counterpart, checked by `npm run lint`. From the top down:
 *   app/ (routes, pages, server actions) and components/ (React; of app/ they import only server actions)
 *   lib/http/ (the HTTP adapter: route wrappers, guards, the fast path, problem+json)
 *   lib/<domain>/ (orders, bookings, tables, sales, loyalty, events, auth, tenancy, ops, security, …)
 *   lib/api/ (the API's vocabulary the domain shares with lib/http: validation, parameters, media types, versions,
 *            operation documentation), lib/errors.ts (the domain error and its code table), lib/config.ts, lib/log.ts
 *   db/ (schema, client, migrations): imports nothing of the project above it.
 * Test files are not cruised: a test may import whatever it exercises. Test support (lib/testing/, app/_testing/) is
 * cruised like any other code: nothing outside tests imports it, and lib/testing/ imports nothing of app/.
 */

// Domain folders that still import each other both ways; every other folder of lib/ and db/ is in no folder cycle.
// auth <-> ops (device approval writes the audit; the console revokes grants), events <-> ops (metrics, the demo sink,
// the console's test event) and background -> ops (metrics), sales <-> tables (the floor view reads sales).
const FOLDERS_STILL_IN_CYCLES = '^lib/(auth|ops|events|background|sales|tables)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two modules one; break it by moving the shared part into a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      scope: 'folder',
      severity: 'error',
      comment:
        'Two folders that import each other are one folder: db <-> lib, lib/http <-> lib/ops and lib/http <-> lib/auth were. ' +
        'Move the shared part down (lib/api, lib/errors.ts, db/) instead.',
      from: { path: ['^db$', '^lib/[^/]+$'], pathNot: FOLDERS_STILL_IN_CYCLES },
      to: { circular: true },
    },
    {
      name: 'db-imports-nothing-of-lib',
      severity: 'error',
      comment:
        'db/ is the bottom layer: status lists live in db/statuses.ts, database failure classes in db/errors.ts, and the ' +
        'server hands db/client.ts what to log (onAvailabilityChange).',
      from: { path: '^db/' },
      to: { path: '^(lib|app|components)/|^(auth|auth\\.config|server|proxy)\\.ts$' },
    },
    {
      name: 'domain-is-framework-free',
      severity: 'error',
      comment: 'lib/ is the domain; the app/ layer adapts it to Next. Test helpers that drive route handlers live in app/_testing/.',
      from: { path: '^lib/' },
      to: { path: ['^app/', '^components/', '^node_modules/next/', '^node_modules/next-auth/', '^auth\\.ts$'] },
    },
    {
      name: 'only-the-adapter-imports-lib-http',
      severity: 'error',
      comment:
        'lib/http adapts the domain to HTTP and imports it (partner-route -> auth, manage-route -> ops audit); the domain ' +
        'never imports lib/http back. Take the domain error from lib/errors.ts and request shapes from lib/api/.',
      from: { path: '^lib/', pathNot: '^lib/(http|testing)/' },
      to: { path: '^lib/http/' },
    },
    {
      name: 'api-vocabulary-stands-alone',
      severity: 'error',
      comment: 'lib/api/ is below the domain and lib/http: it imports lib/errors.ts and nothing else of the project.',
      from: { path: '^lib/api/' },
      to: { path: '^(lib|db|app|components)/', pathNot: ['^lib/api/', '^lib/errors\\.ts$'] },
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
    exclude: { path: ['^\\.next/', '^node_modules/', '^sdk/dist/', '\\.test\\.tsx?$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
