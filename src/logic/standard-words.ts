/**
 * Walnut's standard word automata by name, with no library folder: each is built here, when first
 * asked for, from its morphism (promote, then image for a coding) or from its definition (a regular
 * expression, then combine), by the same commands a user would type. None is copied from Walnut's
 * files. Names, numeration systems and letters follow Walnut's (as its conformance suite uses them):
 * T[0] = 0 in msd_2, F and TR read Zeckendorf and Tribonacci representations, RS and PD are 0/1
 * words, PF is Walnut's two-track paperfolding automaton over {-1,1} × lsd_2.
 */

export interface StandardWord {
  /** What the word is, for `help;` and the docs. */
  readonly about: string;
  /** Walnut commands that build it; the last one defines the word under its name. */
  readonly commands: readonly string[];
}

/** Bits of lsd_2 paired with a fold f ∈ {-1,1}: any fold with a 0 bit, any symbol, and the folds with a 1 bit. */
const Z = '([-1,0]|[1,0])';
const ANY = '([-1,0]|[1,0]|[-1,1]|[1,1])';
const ONE = '([-1,1]|[1,1])';

export const STANDARD_WORDS: Readonly<Record<string, StandardWord>> = {
  T: {
    about: 'Thue–Morse word 0110100110010110..., msd_2: the fixed point of 0->01, 1->10 (T[n] = number of 1s of n mod 2)',
    commands: ['morphism thue "0->01 1->10";', 'promote T thue;'],
  },
  F: {
    about: 'Fibonacci word 0100101001001..., msd_fib: the fixed point of 0->01, 1->0',
    commands: ['morphism fib "0->01 1->0";', 'promote F fib;'],
  },
  TR: {
    about: 'Tribonacci word 0102010010201..., msd_trib: the fixed point of 0->01, 1->02, 2->0',
    commands: ['morphism trib "0->01 1->02 2->0";', 'promote TR trib;'],
  },
  RS: {
    about: 'Rudin–Shapiro word 0001001000011101..., msd_2: RS[n] = number of (overlapping) 11 in n mod 2; the fixed point of 0->01, 1->02, 2->31, 3->32 coded 0,1 -> 0 and 2,3 -> 1',
    commands: ['morphism rs4 "0->01 1->02 2->31 3->32";', 'promote RS4 rs4;', 'morphism rscode "0->0 1->0 2->1 3->1";', 'image RS rscode RS4;'],
  },
  PD: {
    about: 'period-doubling word 1011101010111011..., msd_2: PD[n] = 1 iff n ends in an even number of 1s; the fixed point of 0->01, 1->00 with 0 and 1 exchanged',
    commands: ['morphism pd "0->01 1->00";', 'promote PD01 pd;', 'morphism swap "0->1 1->0";', 'image PD swap PD01;'],
  },
  P: {
    about: 'regular paperfolding word 0001001100011011..., msd_2: P[0] = 0 and, for n = 2^k(2j+1), P[n] = j mod 2 (the bit above the lowest 1 of n)',
    commands: ['reg paperfold_one msd_2 "(0|1)*110*";', 'combine P paperfold_one;'],
  },
  PF: {
    about: 'paperfolding words by their folds, {-1,1} lsd_2: PF[f][n] = f_k (-1)^j for n = 2^k(2j+1), 0 for n = 0 (f read beside the bits of n)',
    commands: [
      `reg paperfold_plus {-1,1} lsd_2 "${Z}*([1,1](${Z}${ANY}*)?|[-1,1]${ONE}${ANY}*)";`,
      `reg paperfold_minus {-1,1} lsd_2 "${Z}*([-1,1](${Z}${ANY}*)?|[1,1]${ONE}${ANY}*)";`,
      'combine PF paperfold_plus=1 paperfold_minus=-1;',
    ],
  },
};
