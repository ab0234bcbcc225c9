export { parseSpec, registerGame, loadGameModules, gameModules, knownGameNames, type SpecOptions } from './parse.js';
export { parsePosition } from './position.js';
