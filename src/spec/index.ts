export { parseSpec, registerGame, knownGameNames, type SpecOptions } from './parse.js';
export { parsePosition } from './position.js';
