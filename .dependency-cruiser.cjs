/**
 * Layers of src/ (docs/architecture.md): a folder may import only the folders listed for it, so data
 * flows one way (spec -> ruleset -> analysis -> faces) and nothing imports upward. Checked in .ci/run
 * by `npm run lint:deps`. Type-only imports are erased by tsc and are not dependencies at run time, so
 * they are left out (tsPreCompilationDeps: false).
 */
const below = {
  core: [],
  automata: ['core'],
  numeration: ['core', 'automata'],
  words: ['core', 'automata', 'numeration'],
  games: ['core'],
  spec: ['core', 'games'],
  analysis: ['core', 'games'],
  regular: ['core', 'automata', 'games'],
  logic: ['core', 'automata', 'numeration', 'words'],
  invariance: ['core', 'automata', 'numeration', 'words', 'logic', 'analysis', 'spec', 'games'],
  plot: ['core', 'automata', 'games', 'analysis', 'regular', 'spec', 'words', 'numeration', 'logic', 'invariance'],
  census: ['core', 'automata', 'games', 'analysis', 'regular', 'spec', 'words', 'numeration', 'logic', 'invariance'],
  jobs: ['core', 'automata', 'games', 'analysis', 'regular', 'spec', 'words', 'numeration', 'logic', 'invariance', 'plot', 'census'],
  executors: ['core', 'census', 'jobs'],
  server: ['core', 'spec', 'plot', 'jobs', 'census'],
  atlas: ['core', 'games', 'analysis', 'spec', 'plot', 'census'],
};
const folders = Object.keys(below);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle makes the load order matter and the layers meaningless.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...folders.map((folder) => ({
      name: `layer-${folder}`,
      severity: 'error',
      comment: `src/${folder} may import only ${below[folder].length ? below[folder].map((f) => `src/${f}`).join(', ') : 'itself'} (docs/architecture.md).`,
      from: { path: `^src/${folder}/` },
      to: { path: '^src/', pathNot: [`^src/${folder}/`, ...below[folder].map((f) => `^src/${f}/`)] },
    })),
    {
      name: 'no-faces-in-library',
      severity: 'error',
      comment: 'The library entry (src/index.ts) must not load the CLI, the server or the pictures (subpath exports).',
      from: { path: '^src/index\\.ts$' },
      to: { path: '^src/(cli|server|plot)/' },
    },
    {
      name: 'nothing-imports-the-cli',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^src/cli/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
