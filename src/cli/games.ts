/**
 * Game modules named on the command line (`--require FILE`, repeatable) or in SPRAGUE_GAMES: files whose
 * import registers game families (registerGame). They are loaded in this thread before a command runs, and
 * the job runner hands their URLs to its worker threads (spec/parse.ts, gameModules), so a user's game is
 * known to every command, to their jobs and to the explorer's workers alike.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../core/errors.js';
import { FileError, checkRegularFile } from '../core/files.js';

/**
 * What to do when a module is written for the other module kind: Node reads a .js file as CommonJS unless the
 * nearest package.json says "type": "module" (a project made by `npm init -y` does not), and sprague itself is
 * an ES module, which CommonJS cannot require.
 */
function moduleKindHint(message: string, file: string): string {
  if (/Cannot use import statement outside a module|Unexpected token 'export'/.test(message)) {
    return `; the file is an ES module read as CommonJS: rename it to ${file.replace(/\.c?js$/, '')}.mjs, or add "type": "module" to the package.json beside it (examples/mygame.mjs)`;
  }
  if (/require\(\) of ES Module|ERR_REQUIRE_ESM|require is not defined/.test(message)) {
    return "; sprague is an ES module: a CommonJS file loads it with import('sprague') and exports that promise (examples/mygame.cjs)";
  }
  return '';
}

/** Imports each file (relative to the working directory); a file that cannot be loaded is bad input naming it and `source`. */
export async function loadGameFiles(files: readonly string[], source: string): Promise<void> {
  if (files.length === 0) return;
  // The spec parser is loaded only when there is a module to register in it.
  const { loadGameModules } = await import('../spec/parse.js');
  for (const file of files) {
    // A FIFO or a device would be read for ever by the module loader: only a regular file is loaded.
    try {
      checkRegularFile(source, file);
    } catch (e) {
      if (e instanceof FileError) throw new InputError(`cannot load the game module ${file} (${source}): ${e.reason}`);
      throw e;
    }
    try {
      await loadGameModules([pathToFileURL(resolve(file)).href]);
    } catch (e) {
      const message = (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
      throw new InputError(`cannot load the game module ${file} (${source}): ${message}${moduleKindHint(message, file)}`);
    }
  }
}
