/** `sprague bitstring SPEC --bits N`: the bit string of a Wythoff-family game (maharaja-nim, section 2.1). */
import { wythoffMovesOf } from '../../core/ruleset.js';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { parseSpec } from '../../spec/index.js';
import { bitChecksum, bitsToText } from '../../analysis/bitstring.js';
import { runCommandJob, stopped } from '../jobs.js';
import { emitJson, emitLine, emitLines, parseCount } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  json?: boolean;
  bits: string;
}

export const bitstringCommand: CommandModule = {
  register(program: Command) {
    program
      .command('bitstring')
      .description('bit i = 0 iff the P-position in column i lies above the diagonal (columns 0..N-1)')
      .argument('<spec>', 'a Wythoff-family game: wythoff, maharaja, wythoff+K,L')
      .requiredOption('--bits <n>', 'number of bits (columns)')
      .option('--json', 'JSON Lines output')
      .action(async (spec: string, flags: Flags) => {
        const ruleset = parseSpec(spec);
        const extraMoves = wythoffMovesOf(ruleset);
        if (!extraMoves) throw new InputError(`bitstring needs a Wythoff-family game (wythoff, maharaja, wythoff+K,L), not ${ruleset.name}`);
        const n = parseCount('--bits', flags.bits);
        // A job, so that Ctrl-C keeps the bits of the columns finished; up to 2^20 bits (one step of the kernel, milliseconds) tried here first.
        const run = await runCommandJob('bitstring', { extraMoves, bits: n }, { title: 'bitstring', inline: n <= INLINE_BITS });
        if (run.end !== 'done') {
          const kept = run.end === 'interrupted' ? run.partial : undefined;
          if (kept) {
            if (flags.json) emitJson({ bits: bitsToText(kept), checksum: bitChecksum(kept), interrupted: true });
            else await print(kept, ruleset.name);
            process.stderr.write(`sprague: kept the first ${kept.length} of ${n} bits (the columns finished)\n`);
          }
          throw stopped(run, kept !== undefined);
        }
        const bits = run.value;
        if (flags.json) return emitJson({ bits: bitsToText(bits), checksum: bitChecksum(bits) });
        await print(bits, ruleset.name);
      });
  },
};

const INLINE_BITS = 1 << 20;

/** 80 bits a line, written as the reader takes them (millions of bits are many lines). */
async function print(bits: Uint8Array, name: string): Promise<void> {
  const text = bitsToText(bits);
  await emitLines(Math.ceil(text.length / 80), (r) => `${String(80 * r).padStart(10)}  ${text.slice(80 * r, 80 * r + 80)}`);
  emitLine(`${bits.length} bits of ${name}, ${bits.length - countOnes(bits)} upper P-positions, checksum ${bitChecksum(bits)} (h = 31h + bit mod 2^32)`);
}

function countOnes(bits: Uint8Array): number {
  let c = 0;
  for (let i = 0; i < bits.length; i++) c += bits[i]!;
  return c;
}
