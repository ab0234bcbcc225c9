/**
 * How bin/sprague.js starts the CLI. A short command line is mostly start-up, and most of sprague's share of it
 * is V8 compiling the CLI's code. Node 20 keeps no code cache for ES modules (module.enableCompileCache came
 * with Node 22), so the build also bundles the CLI into one CommonJS file (scripts/bundle-cli.mjs), run here
 * through vm.Script with V8's code cache beside it: some 35 ms of CPU less per command line
 * (docs/performance.md). The modules stay the reference: `node dist/src/cli/run.js` runs them, and so does
 * this entry when there is no bundle, when the bundle is older than the last compile, or when the command
 * line names game modules (--require, SPRAGUE_GAMES): those import sprague's ES modules and register their
 * games there, which the bundle's own copy of the registry would not see.
 */
import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const BUNDLE = fileURLToPath(new URL('./sprague.cjs', import.meta.url));
/** Written by every compile of the project (absent from an installed package, whose bundle is its build's). */
const COMPILED = fileURLToPath(new URL('../../.tsbuildinfo', import.meta.url));

/** Whether the command line loads game modules of the user's (they must meet the registry of the ES modules). */
export function namesGameModules(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  return (env['SPRAGUE_GAMES'] ?? '') !== '' || argv.some((a) => a === '--require' || a.startsWith('--require='));
}

/**
 * The code cache of a command line: one per command, as the word commands/index.ts dispatches on, because a
 * cache holds the functions its run compiled (another command's would hold little of this one's).
 */
export function codeCacheFile(argv: readonly string[]): string {
  const word = argv.find((a) => !a.startsWith('-'));
  return `${BUNDLE}.${word !== undefined && /^[a-z][a-z0-9-]{0,40}$/.test(word) ? word : '-'}.cache`;
}

function modified(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The cache when it belongs to this bundle: V8 checks a cache against the length of its source only. */
function freshCache(file: string, bundleTime: number): Buffer | undefined {
  const time = modified(file);
  if (time === undefined || time < bundleTime) return undefined;
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** A whole cache renamed into place, or none: another process may be writing the same command's. */
function writeCache(file: string, data: Buffer): void {
  const partial = `${file}.${process.pid}.partial`;
  try {
    writeFileSync(partial, data);
    renameSync(partial, file);
  } catch {
    // A read-only install runs without a cache.
    try {
      unlinkSync(partial);
    } catch {
      /* never written */
    }
  }
}

/** Runs the CLI from the bundle, with the code cache of `argv`'s command; false when the bundle cannot serve. */
function runBundled(argv: readonly string[]): boolean {
  const bundleTime = modified(BUNDLE);
  if (bundleTime === undefined || bundleTime < (modified(COMPILED) ?? 0)) return false;
  const file = codeCacheFile(argv);
  const cachedData = freshCache(file, bundleTime);
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(BUNDLE, 'utf8')}\n})`;
  const script = new Script(source, { filename: BUNDLE, ...(cachedData && { cachedData }) });
  // Made at exit, the cache holds every function the run compiled, not only the top level.
  if (cachedData === undefined || script.cachedDataRejected === true) process.once('exit', () => writeCache(file, script.createCachedData()));
  const module = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(BUNDLE), module, BUNDLE, dirname(BUNDLE));
  return true;
}

/** Starts the CLI on this process's command line. */
export async function start(): Promise<void> {
  const argv = process.argv.slice(2);
  if (namesGameModules(argv, process.env) || !runBundled(argv)) await import('./run.js');
}
