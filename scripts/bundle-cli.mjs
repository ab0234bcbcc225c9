// The CLI's modules (dist/src, compiled by tsc) bundled into one CommonJS file, dist/src/cli/sprague.cjs, which
// bin/sprague.js runs with V8's code cache (src/cli/start.ts says why). Run by `npm run build` after tsc.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/src/cli/', import.meta.url));
const bundle = join(cli, 'sprague.cjs');

// A module finds its .wasm file, its worker and the data beside it through import.meta.url: in the bundle each
// module's URL is its own file's, found from the bundle's place at run time (so a built tree can be moved).
const ownUrls = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, async ({ path }) => {
      const from = JSON.stringify(relative(cli, path).split('\\').join('/'));
      const contents = (await readFile(path, 'utf8')).replaceAll('import.meta.url', `__moduleUrl(${from})`);
      return { contents, loader: 'js', resolveDir: dirname(path) };
    });
  },
};

await esbuild.build({
  stdin: { contents: "import { runProcess } from './process.js';\nvoid runProcess();\n", resolveDir: cli, sourcefile: 'bundle-entry.js' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // The packages stay in node_modules; a dynamic import() becomes a require(): vm.Script has no module loader.
  packages: 'external',
  supported: { 'dynamic-import': false },
  banner: { js: "const __moduleUrl = (file) => require('node:url').pathToFileURL(require('node:path').join(__dirname, file)).href;" },
  plugins: [ownUrls],
  outfile: bundle,
  logLevel: 'warning',
});

// The code caches of the bundle before: V8 would take one of the same length for this one.
for (const f of readdirSync(cli)) if (f.startsWith('sprague.cjs.') && (f.endsWith('.cache') || f.endsWith('.partial'))) rmSync(join(cli, f));
