/** The automata core over integer alphabets (multi-track letters packed into integers). */
export { Alphabet, packTuple, unpackTuple, tupleAlphabetSize } from './alphabet.js';
export { Dfa } from './dfa.js';
export { Nfa, NfaBuilder, EPSILON, determinise, type DeterminiseOptions } from './nfa.js';
export { minimise } from './minimise.js';
export { backwardReachable } from './reach.js';
export { buildDfa } from './build.js';
export {
  product,
  intersection,
  union,
  difference,
  complement,
  shortestWitness,
  isEmpty,
  counterexample,
  nfaShortestWitness,
  project,
} from './ops.js';
export { Transducer, type TransducerEdge, preimage, image } from './transducer.js';
export { toDot, type DotOptions } from './dot.js';
export { dotToSvg, dotToPng } from './render.js';
export { concatenate, kleeneStar, leftQuotient, rightQuotient, reverseMoore, withLeadingLetter, withTrailingLetter } from './language.js';
