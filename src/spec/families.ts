/**
 * The modules of the game families the spec grammar names, loaded when a spec needs them: a command line
 * that plays one octal game does not load Cram, rewriting or t-invariant games (some 25 modules, a tenth
 * of its start-up). The parser is synchronous, so it asks for a family's module with `familyModule`,
 * which throws FamilyNotLoaded when the module is not loaded yet; `parseSpecLoading` (parse.ts) loads it
 * and parses again. The library's entry (spec/index.ts) imports every family and provides them before it
 * offers `parseSpec`.
 */
const LOADERS = {
  compounds: () => import('../core/compounds.js'),
  nim: () => import('../games/heaps/nim.js'),
  wythoff: () => import('../games/heaps/wythoff.js'),
  euclid: () => import('../games/heaps/euclid.js'),
  zeruclid: () => import('../games/heaps/zeruclid.js'),
  subtraction: () => import('../games/heaps/subtraction.js'),
  takeAndBreak: () => import('../games/heaps/take-and-break/game.js'),
  invariant: () => import('../games/heaps/invariant.js'),
  mark: () => import('../games/heaps/mark.js'),
  tinvariant: () => import('../games/heaps/tinvariant.js'),
  rewrite: () => import('../games/rewrite/game.js'),
  cram: () => import('../games/grids/cram.js'),
  pushCram: () => import('../games/grids/push.js'),
};

export type Family = keyof typeof LOADERS;
type Modules = { [F in Family]: Awaited<ReturnType<(typeof LOADERS)[F]>> };

const loaded: Partial<Modules> = {};

/** A family's module was asked for before it was loaded (parseSpecLoading loads it and parses again). */
export class FamilyNotLoaded extends Error {
  constructor(readonly family: Family) {
    super(`the game family ${family} is not loaded (parse with parseSpecLoading, or import spec/index.js)`);
  }
}

/** The module of a family, when it is loaded; otherwise throws FamilyNotLoaded. */
export function familyModule<F extends Family>(family: F): Modules[F] {
  const m = loaded[family];
  if (m === undefined) throw new FamilyNotLoaded(family);
  return m;
}

export async function loadFamily(family: Family): Promise<void> {
  (loaded as Record<Family, unknown>)[family] ??= await LOADERS[family]();
}

/** Every family at once, from modules the caller imported statically (spec/index.ts: no top-level await). */
export function provideFamilies(modules: Modules): void {
  Object.assign(loaded, modules);
}
