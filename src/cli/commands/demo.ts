/**
 * `sprague demo`: a tour of real results from the four papers, each produced by the command a user would
 * type (shown before its output), so the demo doubles as a list of examples to copy.
 */
import type { Command } from 'commander';
import { colour, emitLine } from '../io.js';
import type { CliContext, CommandModule } from './index.js';

interface Step {
  /** What the paper says, and where. */
  claim: string;
  args: string[];
  /** Lines of output to show from the start and from the end (all when absent). */
  head?: number;
  tail?: number;
}

const STEPS: Step[] = [
  { claim: 'Sprague–Grundy: a Nim position is P iff the XOR of its heaps is 0', args: ['grundy', 'nim', '3,5', '7,9,14'] },
  {
    claim: 'push-the-button, Table 1 / Theorem 3.1.6: NIM ⊙ EUCLID has almost the P-positions of Wythoff',
    args: ['ppositions', 'push(nim,euclid)', '--max', '30'],
  },
  { claim: 'push-the-button, Prop. 4.1.3: WYTHOFF ⊙ NIM shifts the Wythoff pairs by (-1,-1)', args: ['ppositions', 'push(wythoff,nim)', '--max', '20'] },
  { claim: "Dawson's Kayles (0.07): period 34, preperiod 53, proved by the Guy–Smith theorem", args: ['sequence', 'octal:0.07', '--max', '400'], tail: 2 },
  { claim: 'Kayles (0.77): period 12, preperiod 71', args: ['sequence', 'octal:0.77', '--max', '400'], tail: 2 },
  {
    claim: 'Octal 0.16: period 149459 after 105351 heaps, certified, and the fingerprint tczajka\'s solver prints (sparse space, in WebAssembly: about a tenth of a second)',
    args: ['sequence', 'octal:0.16', '--max', '524288', '--summary'],
  },
  { claim: "Wythoff's game: Grundy values far from the corner, read off a value table (the general search took a minute for 500,500); (999,1617) = (⌊618φ⌋, ⌊618φ²⌋) is a P-position", args: ['grundy', 'wythoff', '500,500', '999,1617'] },
  {
    claim: 'push-the-button, Theorem 4.2.4: SUBTRACTION{1,2} ⊙ SUBTRACTION{1..4}, periodic P-positions',
    args: ['sequence', 'push(subtraction:1-2,subtraction:1-4)', '--max', '120'],
    tail: 2,
  },
  {
    claim: 'taking-and-merging, section 3.2: max Grundy value of {a, a2, a3, a4, b} by word length (paper: running max)',
    args: ['lengths', 'rewrite:a,a2,a3,a4,b', '--max', '18'],
  },
  {
    claim: 'taking-and-merging, Theorem 13: a DFA computes the Grundy values of {a, a2, a3, b}, found and proved by machine',
    args: ['automaton', 'rewrite:a,a2,a3,b'],
  },
  { claim: 'taking-and-merging, Lemma 9: words of {a, a2, b}', args: ['grundy', 'rewrite:a,a2,b', 'a5b2aba2', 'ba3b', 'ε'] },
  { claim: 'Maharaja Nim (Wythoff + knight moves): the first P-positions', args: ['ppositions', 'maharaja', '--max', '20'] },
  { claim: 'maharaja-nim, section 2: the bit string of Maharaja Nim (0 = an upper P-position in that column)', args: ['bitstring', 'maharaja', '--bits', '60'] },
  {
    claim: 'maharaja-nim, sections 4-5: a P-position of (2,3)-Maharaja Nim near 10^30, in time polynomial in log x',
    args: ['telescope', '1000000000000000000000000000000'],
  },
  {
    claim: 'maharaja-nim, Question 1 answered (new, proved by machine): a P-position of Maharaja Nim near 10^100 from its 577-state Fibonacci automaton',
    args: ['telescope', `1${'0'.repeat(100)}`, '--spec', 'maharaja', '--automaton'],
  },
  {
    claim: 'deciding invariance, Theorem 23: Wythoff P-positions are 1-admissible, decided for every position by automata',
    args: ['admissible', 'wythoff', '--method', 'logic'],
  },
  {
    claim: 'deciding invariance, Theorem 58 (an answer the paper does not give): the Raleigh game P-positions are 1-admissible',
    args: ['admissible', 'raleigh', '--method', 'logic'],
  },
  { claim: 'deciding invariance, section 6.1: the periodic word (1122)^ω is not 1-admissible', args: ['admissible', 'periodic:1122'] },
  {
    claim: 'push-the-button, Conjecture 5.0.3: Push-Cram 3 x 5 and 3 x 7 are N, but not bluff games (docs/conventions.md: the bluff clause as printed is false)',
    args: ['bluff', 'pushcram', '3x5', '3x7'],
  },
];

export const demoCommand: CommandModule = {
  register(program: Command, cli: CliContext) {
    program
      .command('demo')
      .description('a tour of real results from the four papers, with the commands that produce them')
      .action(async () => {
        for (const step of STEPS) {
          emitLine('');
          emitLine(colour.bold(`# ${step.claim}`));
          emitLine(colour.dim(`$ sprague ${step.args.map(quote).join(' ')}`));
          const { status, lines } = await captured(() => cli.run(step.args));
          emitLine(excerpt(lines, step).join('\n'));
          if (status !== 0) emitLine(colour.red(`(exit code ${status})`));
        }
      });
  },
};

function quote(arg: string): string {
  return /^[\w.:,+=-]+$/.test(arg) ? arg : `'${arg}'`;
}

function excerpt(lines: string[], step: Step): string[] {
  const { head, tail } = step;
  if (head === undefined && tail === undefined) return lines;
  const h = head ?? 0;
  const t = tail ?? 0;
  if (lines.length <= h + t) return lines;
  return [...lines.slice(0, h), ...(h > 0 ? [colour.dim('  ...')] : []), ...lines.slice(lines.length - t)];
}

/** Runs a command in this process, collecting what it writes to stdout. */
async function captured(run: () => Promise<number>): Promise<{ status: number; lines: string[] }> {
  const write = process.stdout.write.bind(process.stdout);
  let text = '';
  process.stdout.write = ((chunk: string | Uint8Array) => {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }) as typeof process.stdout.write;
  let status: number;
  try {
    status = await run();
  } finally {
    process.stdout.write = write;
  }
  return { status, lines: text.trimEnd().split('\n') };
}
