/**
 * The spec grammar with every game family loaded, so that `parseSpec` can be called at once (the library's
 * entry). A caller that wants only the families a spec names uses parse.ts's parseSpecLoading. The
 * families are imported statically (not awaited), so the library stays loadable by require() too.
 */
import * as compounds from '../core/compounds.js';
import * as nim from '../games/heaps/nim.js';
import * as wythoff from '../games/heaps/wythoff.js';
import * as euclid from '../games/heaps/euclid.js';
import * as zeruclid from '../games/heaps/zeruclid.js';
import * as subtraction from '../games/heaps/subtraction.js';
import * as takeAndBreak from '../games/heaps/take-and-break/game.js';
import * as invariant from '../games/heaps/invariant.js';
import * as mark from '../games/heaps/mark.js';
import * as tinvariant from '../games/heaps/tinvariant.js';
import * as rewrite from '../games/rewrite/game.js';
import * as cram from '../games/grids/cram.js';
import * as pushCram from '../games/grids/push.js';
import { provideFamilies } from './families.js';

provideFamilies({ compounds, nim, wythoff, euclid, zeruclid, subtraction, takeAndBreak, invariant, mark, tinvariant, rewrite, cram, pushCram });

export { parseSpec, parseSpecLoading, registerGame, loadGameModules, gameModules, knownGameNames, type SpecOptions } from './parse.js';
export { parsePosition } from './position.js';
