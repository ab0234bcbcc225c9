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
      throw new InputError(`cannot load the game module ${file} (${source}): ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
    }
  }
}
