/** `sprague plot SPEC --max N --out FILE`: a picture, SVG or PNG by the file's extension. */
import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { PLOT_KINDS, type PlotKind, type PlotRequest, checkRequest, svgToPng } from '../../plot/index.js';
import { runCommandJob, stopped } from '../jobs.js';
import { FlagError, checkWritableFile, emitJson, emitLine, parseCount, unusedFlag } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  max: string;
  out: string;
  kind?: string;
  values?: boolean;
  overlay?: string;
  phi?: boolean;
  slice?: string;
  scale?: string;
  maxDepth?: string;
  json?: boolean;
}

function requestFrom(spec: string, flags: Flags): PlotRequest {
  if (flags.kind !== undefined && !(PLOT_KINDS as readonly string[]).includes(flags.kind)) {
    throw new FlagError('--kind', flags.kind, `one of ${PLOT_KINDS.join(', ')}`);
  }
  // --values is --kind values: with another kind it would silently draw values.
  if (flags.values && flags.kind !== undefined && flags.kind !== 'values') {
    throw new FlagError('--kind', flags.kind, '--values asks for the values heat map (it is --kind values); give one of the two');
  }
  const kind = (flags.values ? 'values' : flags.kind) as PlotKind | undefined;
  return {
    spec,
    max: parseCount('--max', flags.max),
    ...(kind ? { kind } : {}),
    ...(flags.overlay !== undefined ? { overlay: flags.overlay } : {}),
    ...(flags.phi ? { phiLines: true } : {}),
    ...(flags.slice !== undefined ? { slice: parseCount('--slice', flags.slice) } : {}),
    ...(flags.maxDepth !== undefined ? { maxDepth: parseCount('--max-depth', flags.maxDepth) } : {}),
  };
}

export const plotCommand: CommandModule = {
  register(program: Command) {
    program
      .command('plot')
      .description('draw a game: P-positions, a Grundy heat map, by-length charts, a sequence, an automaton')
      .argument('<spec>', 'a game spec, e.g. wythoff, zeruclid, rewrite:a,a2,b, octal:0.07')
      .requiredOption('--max <n>', 'box side, longest word, largest heap, or most automaton states')
      .requiredOption('--out <file>', 'picture file: .svg or .png')
      .option('--kind <kind>', `what to draw: ${PLOT_KINDS.join(', ')} (default: by the game)`)
      .option('--values', 'a Grundy value heat map (same as --kind values)')
      .option('--overlay <spec>', 'a second 2-heap game drawn over the first (P-positions)')
      .option('--phi', 'draw the lines y = φx and y = x/φ (P-positions)')
      .option('--slice <k>', 'a 3-heap game: fix the first heap at k and draw the other two')
      .option('--scale <s>', 'PNG only: pixels per SVG unit (default 2)')
      .option('--max-depth <n>', 'depth bound for games not known to terminate')
      .option('--json', 'JSON Lines output')
      .action(async (spec: string, flags: Flags) => {
        const ext = extname(flags.out).toLowerCase();
        if (ext !== '.svg' && ext !== '.png') throw new FlagError('--out', flags.out, 'the file must end in .svg or .png');
        checkWritableFile('--out', flags.out);
        const scale = flags.scale === undefined ? 2 : Number(flags.scale);
        if (!(scale > 0 && scale <= 8)) throw new FlagError('--scale', flags.scale ?? '', 'want a number in (0, 8]');
        if (flags.scale !== undefined && ext !== '.png') throw unusedFlag('--scale', `it sets the pixels of a PNG, and ${flags.out} is an SVG`);
        const req = requestFrom(spec, flags);
        // The φ lines are drawn on a P-position plot only (the kind asked for, or the game's own).
        if (req.phiLines) {
          const { kind } = checkRequest(req);
          if (kind !== 'ppositions') throw unusedFlag('--phi', `the lines y = φx are drawn on a P-position plot, not a ${kind} one`);
        }
        // A job, so that Ctrl-C stops it and the picture of what was finished is still written. Always in a
        // worker: some pictures (an automaton's) run a long step that could not give way to a Ctrl-C here.
        const run = await runCommandJob('plot', req, { title: 'plot' });
        const result = run.end === 'done' ? run.value : run.partial;
        if (result === undefined) throw stopped(run as Exclude<typeof run, { end: 'done' }>);
        try {
          writeFileSync(flags.out, ext === '.png' ? svgToPng(result.svg, scale) : result.svg);
        } catch (e) {
          throw new InputError(`cannot write ${flags.out}: ${(e as Error).message}`);
        }
        const { dot: _dot, ...summary } = result.summary;
        if (flags.json) emitJson({ out: flags.out, kind: result.kind, title: result.title, ...summary });
        else emitLine(`${result.title} -> ${flags.out}`);
        if (run.end !== 'done') throw stopped(run);
      });
  },
};
