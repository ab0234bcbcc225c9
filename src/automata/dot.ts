/** Graphviz DOT text for a DFA / Moore machine: parallel edges merged, outputs shown in the states. */
import type { Dfa } from './dfa.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface DotOptions {
  /** Graph name. */
  name?: string;
  /** How a letter is written on an edge (default: its number). */
  letterName?: (letter: number) => string;
  /** The text inside a state (default: `state/output`). */
  stateLabel?: (state: number, output: number) => string;
  /** Draw states with this output doubled (acceptors); undefined draws all single. */
  doubleCircle?: (output: number) => boolean;
  /** Draw the transitions (default true); false for an automaton that reads no letters, such as a sentence's. */
  edges?: boolean;
}

function quote(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Reachable states only. O(n k).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function toDot(dfa: Dfa, options: DotOptions = {}): string {
  const letterName = options.letterName ?? String;
  const label = options.stateLabel ?? ((s, o) => `${s}/${o}`);
  const lines = [`digraph ${quote(options.name ?? 'automaton')} {`, '  rankdir=LR;', '  node [shape=circle];', '  init [shape=point];'];
  const states = dfa.reachable();
  for (const s of states) {
    const o = dfa.output[s]!;
    const shape = options.doubleCircle?.(o) ? ', shape=doublecircle' : '';
    lines.push(`  s${s} [label=${quote(label(s, o))}${shape}];`);
  }
  lines.push(`  init -> s${dfa.start};`);
  for (const s of options.edges === false ? [] : states) {
    const byTarget = new Map<number, string[]>();
    for (let a = 0; a < dfa.alphabetSize; a++) {
      const t = dfa.next(s, a);
      const list = byTarget.get(t) ?? [];
      list.push(letterName(a));
      byTarget.set(t, list);
    }
    for (const [t, letters] of byTarget) lines.push(`  s${s} -> s${t} [label=${quote(letters.join(','))}];`);
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}
