/**
 * `npm run bench -- NAME [ARGS...]` runs bench/NAME.ts (built to dist/bench) with ARGS as its own
 * arguments; without NAME it lists the benchmarks with the first line of their doc comment.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const sources = join(here, '..', '..', 'bench');
const names = readdirSync(here)
  .filter((f) => f.endsWith('.js') && f !== 'run.js' && f !== 'timing.js')
  .map((f) => f.slice(0, -3))
  .sort();

/** The first sentence of a benchmark's doc comment, from its source when the source is beside dist. */
function summary(name: string): string {
  try {
    const text = readFileSync(join(sources, `${name}.ts`), 'utf8');
    const line = text.split('\n').find((l) => /^ \* \S/.test(l)) ?? '';
    return line.replace(/^ \* (Benchmark: )?/, '');
  } catch {
    return '';
  }
}

const name = process.argv[2];
if (name === undefined) {
  console.log('usage: npm run bench -- NAME [ARGS...]   (after npx tsc -p .)');
  for (const n of names) console.log(`  ${n.padEnd(22)} ${summary(n)}`);
} else if (!names.includes(name)) {
  console.error(`sprague bench: no benchmark "${name}"; one of ${names.join(', ')}`);
  process.exitCode = 2;
} else {
  process.argv.splice(2, 1);
  await import(pathToFileURL(join(here, `${name}.js`)).href);
}
