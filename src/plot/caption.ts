/**
 * The sentence under a picture: what the figures behind it say, in the words of the papers (period,
 * preperiod, certificate; P-positions; states, proved), for the explorer and anyone reading a PlotResult.
 */
import type { PlotKind, PlotRequest } from './index.js';

const count = (n: number) => n.toLocaleString('en-US');
const list = (xs: readonly string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
const num = (x: unknown) => (typeof x === 'number' ? x : Number.NaN);
const signed = (x: number) => String(x).replace('-', '−');

/**
 * One or two sentences about a picture of `kind` with this summary (PlotResult.summary).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function caption(kind: PlotKind, summary: Record<string, unknown>, req: Pick<PlotRequest, 'max' | 'slice'>, partial = false): string {
  const text = body(kind, summary, req);
  return partial ? `Interrupted: only the work finished is shown. ${text}` : text;
}

function body(kind: PlotKind, s: Record<string, unknown>, req: Pick<PlotRequest, 'max' | 'slice'>): string {
  switch (kind) {
    case 'sequence':
      return sequenceSentence(s);
    case 'ppositions': {
      const games = (s['games'] as { spec: string; pPositions: number; slice?: number }[]) ?? [];
      if (games.length === 1 && games[0]!.slice !== undefined) {
        const g = games[0]!;
        return `${count(g.pPositions)} P-positions (${g.slice},x,y) of ${g.spec} with x,y ≤ ${req.max}.`;
      }
      return `${list(games.map((g, i) => `${count(g.pPositions)}${i === 0 ? ' P-positions' : ''} of ${g.spec}`))} in [0,${req.max}]².`;
    }
    case 'values': {
      const where = s['slice'] === undefined ? '(x,y)' : `(${String(s['slice'])},x,y)`;
      const p = typeof s['pPositions'] === 'number' ? ` ${count(s['pPositions'])} P-positions (G = 0, in black);` : '';
      return `Grundy values of ${String(s['spec'])} on ${where}, x,y ≤ ${req.max}:${p} largest value ${String(s['maxValue'])}.`;
    }
    case 'deviation': {
      const games = (s['games'] as { spec: string; upper: number; devMin: number; devMax: number; phiDevMin: number; phiDevMax: number }[]) ?? [];
      return (
        games
          .map((g) => `${g.spec}: ${count(g.upper)} upper P-positions up to column ${req.max}, b_n − a_n − n in [${signed(g.devMin)}, ${signed(g.devMax)}], b_n − φ·a_n in [${signed(g.phiDevMin)}, ${signed(g.phiDevMax)}]`)
          .join('; ') + '.'
      );
    }
    case 'lengths':
    case 'counts': {
      const max = (s['maxGrundy'] as number[]) ?? [];
      const running = (s['runningMax'] as number[]) ?? [];
      if (max.length === 0) return `No word lengths finished for ${String(s['spec'])}.`;
      const last = max.length - 1;
      const top = running[last]!;
      return `${String(s['spec'])}, words of length 0 to ${last}: the largest Grundy value is ${top}, first reached at length ${running.indexOf(top)}; at length ${last} the largest is ${max[last]}.`;
    }
    case 'automaton': {
      const states = num(s['states']);
      const values = ((s['grundyValues'] as number[]) ?? []).join(', ');
      const least = num(s['lowerBound']) >= states ? 'no automaton has fewer states' : `any has at least ${String(s['lowerBound'])} states`;
      if (s['verified'] === true) return `A Grundy automaton of ${String(s['spec'])} with ${states} states, proved (taking-and-merging, Lemma 2): values ${values}; ${least}.`;
      const cx = typeof s['counterexample'] === 'string' ? `: a counterexample is the word "${s['counterexample']}"` : '';
      return `An automaton of ${String(s['spec'])} with ${states} states, not proved${cx}.`;
    }
  }
}

function sequenceSentence(s: Record<string, unknown>): string {
  const n = num(s['values']);
  const head = `G(0..${n - 1}) of ${String(s['spec'])}: `;
  if (s['certified'] === true) {
    const from = num(s['preperiod']) === 0 ? 'purely periodic from heap 0' : `from heap ${String(s['preperiod'])}`;
    const why = typeof s['certificate'] === 'string' ? ` (${s['certificate'].replace(/<=/g, '≤').replace(/>=/g, '≥')})` : '';
    return `${head}certified period ${String(s['period'])}, ${from}${why}.`;
  }
  if (typeof s['apparentPeriod'] === 'number') {
    return `${head}apparent period ${s['apparentPeriod']} from heap ${String(s['apparentPreperiod'])} in the ${count(n)} values computed, not proved (compute further, or give the game a certifier).`;
  }
  return `${head}no period in the ${count(n)} values computed.`;
}
