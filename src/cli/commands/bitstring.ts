/** `sprague bitstring SPEC --bits N`: the bit string of a Wythoff-family game (maharaja-nim, section 2.1). */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { WythoffFamily } from '../../games/heaps/wythoff.js';
import { parseSpec } from '../../spec/index.js';
import { bitChecksum, bitsToText, wythoffBitString } from '../../analysis/bitstring.js';
import { emitJson, emitLine, parseCount, progressBar } from '../io.js';
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
      .action((spec: string, flags: Flags) => {
        const ruleset = parseSpec(spec);
        if (!(ruleset instanceof WythoffFamily)) throw new InputError(`bitstring needs a Wythoff-family game (wythoff, maharaja, wythoff+K,L), not ${ruleset.name}`);
        const n = parseCount('--bits', flags.bits);
        const bar = progressBar('bitstring');
        let bits: Uint8Array;
        try {
          bits = wythoffBitString(ruleset.extraMoves, n, { onProgress: (d, t) => bar.update(d, t) });
        } finally {
          bar.stop();
        }
        const text = bitsToText(bits);
        const checksum = bitChecksum(bits);
        if (flags.json) return emitJson({ bits: text, checksum });
        for (let i = 0; i < text.length; i += 80) emitLine(`${String(i).padStart(10)}  ${text.slice(i, i + 80)}`);
        emitLine(`${n} bits of ${ruleset.name}, ${n - countOnes(bits)} upper P-positions, checksum ${checksum} (h = 31h + bit mod 2^32)`);
      });
  },
};

function countOnes(bits: Uint8Array): number {
  let c = 0;
  for (let i = 0; i < bits.length; i++) c += bits[i]!;
  return c;
}
