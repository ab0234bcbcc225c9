/**
 * The bookkeeping of one run of the direct admissibility engine: a stage kept by an earlier run
 * (options.checkpoint) is read back instead of being built again, a stage built is kept, and the
 * time spent on P - P is counted apart from the rest.
 */
import type { Dfa } from '../../automata/dfa.js';
import { fingerprint } from '../../automata/bytes.js';
import type { NumerationSystem } from '../../numeration/system.js';
import type { Differences } from './differences.js';
import type { DirectOptions } from './options.js';

export class StageRun {
  /** The stages read back from the checkpoint, in order. */
  readonly resumed: string[] = [];
  /** Milliseconds spent building P - P (whole or near). */
  differenceTime = 0;
  private readonly key: string;

  constructor(
    P: Dfa,
    sys: NumerationSystem,
    readonly options: DirectOptions,
  ) {
    this.key = `${fingerprint(P)}-${sys.name}`;
  }

  /** P - P (or part of it) as stage `stage`: read back (figures 0, not measured in this run) or built and timed. */
  differences(stage: string, build: () => Differences): Differences {
    return this.staged(
      stage,
      () => {
        const start = performance.now();
        const out = build();
        this.differenceTime += performance.now() - start;
        return out;
      },
      (dfa) => ({ nfa: 0, pairSubsets: 0, pairs: 0, subsets: 0, largest: 0, dfa }),
    );
  }

  /** The candidates left after a pass, as stage `stage`: read back or built. */
  candidates(stage: string, build: () => Dfa): Dfa {
    return this.staged(stage, () => ({ dfa: build() }), (dfa) => ({ dfa })).dfa;
  }

  private staged<T extends { dfa: Dfa }>(stage: string, build: () => T, resumed: (dfa: Dfa) => T): T {
    const kept = this.options.checkpoint?.load(`${this.key}-${stage}`);
    if (kept) {
      this.options.log?.(`resumed from the checkpoint: ${stage}`, kept.stateCount);
      this.resumed.push(stage);
      return resumed(kept);
    }
    const out = build();
    this.options.checkpoint?.save(`${this.key}-${stage}`, out.dfa);
    return out;
  }
}
