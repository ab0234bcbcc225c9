/**
 * The stages of a long admissibility run (src/logic/admissibility.ts: P - P among the near moves, the
 * candidates after the axis pass and after each layer pass) kept as automaton files in a directory,
 * so that a rerun resumes after the last finished stage instead of starting over. Every file is sealed
 * (src/core/sealed.ts): a checksum over the whole automaton, the stage it holds, the computation it
 * belongs to and sprague's version; a file that does not match is refused naming it, never read as a
 * stage. Files are written to a temporary name and renamed: an interrupted write never leaves half a
 * stage behind.
 */
import { join } from 'node:path';
import type { Dfa } from '../automata/dfa.js';
import { dfaFromBytes, dfaPieces } from '../automata/bytes.js';
import { InputError } from '../core/errors.js';
import { type Identity, makeDirectory, readSealed, SealedWriter } from '../core/sealed.js';
import type { StageStore } from './admissibility.js';

const KIND = 'logic-stage';

export class DirectoryStages implements StageStore {
  /**
   * `identity` names the computation (e.g. the set and the method): stages of another one are refused.
   * Stage names already carry the fingerprint of P's automaton and its numeration system.
   */
  constructor(
    readonly dir: string,
    private readonly identity: Identity = {},
  ) {
    makeDirectory(dir);
  }

  private path(stage: string): string {
    return join(this.dir, `${stage}.dfa`);
  }

  load(stage: string): Dfa | undefined {
    const path = this.path(stage);
    const kept = readSealed(path, KIND, this.identity, this.dir);
    if (!kept) return undefined;
    if (kept.part !== stage) throw new InputError(`checkpoint ${path} holds the stage ${kept.part}, not ${stage}`);
    return dfaFromBytes(kept.body, path);
  }

  save(stage: string, dfa: Dfa): void {
    const pieces = dfaPieces(dfa);
    const file = new SealedWriter(this.path(stage), KIND, stage, this.identity, pieces.reduce((sum, p) => sum + p.length, 0));
    for (const p of pieces) file.write(p);
    file.close();
  }
}
