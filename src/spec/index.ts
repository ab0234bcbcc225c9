/**
 * The spec grammar with every game family loaded, so that `parseSpec` can be called at once (the library's
 * entry). A caller that wants only the families a spec names uses parse.ts's parseSpecLoading.
 */
import { loadAllFamilies } from './families.js';

await loadAllFamilies();

export { parseSpec, parseSpecLoading, registerGame, loadGameModules, gameModules, knownGameNames, type SpecOptions } from './parse.js';
export { parsePosition } from './position.js';
