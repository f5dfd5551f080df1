/**
 * The layers of the code (docs/architecture.md, "The parts"), checked on the imports as they resolve to files, so a
 * wrong import is caught however many `../` it is written with. `npm run lint:layers` runs it (and `npm run lint`);
 * apps/server/src/layers.test.ts shows each rule refusing a wrong import and letting a right one through.
 *
 * Tests (`*.test.ts(x)` and the server's `src/test/` harness) are left out of the cruise: they sit above every layer,
 * reaching into whatever they check, and their imports would otherwise make modules look as if they depended on each
 * other.
 */

const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
/** The server's top layer: what assembles the modules into an app and runs it. */
const SERVER_TOP = `${SERVER}((seed|cli)/|(app|prepare|main)\\.ts$)`;
/** The web app's shell: the page frame and the entries that put the features into it. */
const WEB_SHELL = `${WEB}(layout/|(routes|entry-client|entry-server)\\.tsx?$)`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-config-below-all',
      severity: 'error',
      comment:
        'Server layers: config.ts is the lowest layer; it reads the environment and imports no other part of the server.',
      from: { path: `${SERVER}config\\.ts$` },
      to: { path: `${SERVER}((db|platform|modules|seed|cli)/|(app|prepare|main)\\.ts$)` },
    },
    {
      name: 'server-db-below-platform',
      severity: 'error',
      comment:
        'Server layers: db/ sits just above config.ts and imports only config and libraries, never platform/, a module or the top (app, prepare, seed, cli, main).',
      from: { path: `${SERVER}db/` },
      to: { path: `${SERVER}((platform|modules|seed|cli)/|(app|prepare|main)\\.ts$)` },
    },
    {
      name: 'server-platform-below-modules',
      severity: 'error',
      comment:
        'Server layers: platform/ serves the modules and may use db/ and config, never a module or the top (app, prepare, seed, cli, main).',
      from: { path: `${SERVER}platform/` },
      to: { path: `${SERVER}((modules|seed|cli)/|(app|prepare|main)\\.ts$)` },
    },
    {
      name: 'server-modules-below-app',
      severity: 'error',
      comment:
        'Server layers: a module uses platform/, db/ and config, never the top that assembles and runs the modules (app.ts, prepare.ts, seed/, cli/, main.ts).',
      from: { path: `${SERVER}modules/` },
      to: { path: SERVER_TOP },
    },
    {
      name: 'server-module-through-index',
      severity: 'error',
      comment:
        "Server modules: a module uses another only through that module's index.ts (import '../content', never '../content/visibility'); export what it needs there.",
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: { path: `${SERVER}modules/[^/]+/`, pathNot: `${SERVER}modules/($1/|[^/]+/index\\.ts$)` },
    },
    {
      name: 'server-no-module-cycle',
      severity: 'error',
      comment:
        'Server modules: no two modules depend on each other, directly or round a longer loop (account uses verification, so verification may not use account); move what both need down into platform/ or into one of them. Each module is its folder, so a loop inside one module is its own affair.',
      // Folder scope: a folder's dependencies are those of every file in it, so this sees a loop between two modules
      // even when no single file is on it (one module's routes use the other, whose service uses the first).
      scope: 'folder',
      from: { path: `${SERVER}modules/([^/]+)` },
      to: { path: `${SERVER}modules/`, pathNot: `${SERVER}modules/$1(/|$)`, circular: true },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment:
        'Web layers: api/, app/, components/ and locales/ are shared code below the features and the shell (layout/, routes, the entries): they import no feature and not the shell.',
      from: { path: `${WEB}(api|app|components|locales)/` },
      to: { path: [`${WEB}features/`, WEB_SHELL] },
    },
    {
      name: 'web-feature-alone',
      severity: 'error',
      comment:
        'Web layers: a feature imports its own files and shared code (api/, app/, components/), never another feature or the shell; move what two features share down to components/ or app/.',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: [`${WEB}features/`, WEB_SHELL], pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import that resolves to no file (a typo, a moved file, a package not installed) cannot be checked against the layers and fails at run time.',
      from: { path: '^(apps/(server|web)/src|packages/contract/src)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    exclude: { path: ['\\.test\\.tsx?$', `${SERVER}test/`] },
    // Packages are resolved (so an import of one that is missing is caught) but not cruised into.
    doNotFollow: { path: 'node_modules' },
    // `import type` counts: a type from a layer above is still a dependency on it.
    tsPreCompilationDeps: true,
    // The root tsconfig.json is the one `tsc -b` builds, naming the three projects; they resolve no import by paths
    // of their own, so one file serves all three.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      // As Node and Vite resolve them: workspace packages (@chaupal/contract) name their files in `exports`.
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
    },
  },
};
