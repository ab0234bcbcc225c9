/**
 * The stages of a long admissibility run (src/logic/admissibility.ts: P - P among the near moves, the
 * candidates after the axis pass and after each layer pass) kept as automaton files in a directory,
 * so that a rerun resumes after the last finished stage instead of starting over. Files are written
 * to a temporary name and renamed: an interrupted write never leaves half a stage behind.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dfa } from '../automata/dfa.js';
import { dfaFromBytes, dfaToBytes } from '../automata/bytes.js';
import type { StageStore } from './admissibility.js';

export class DirectoryStages implements StageStore {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  private path(stage: string): string {
    return join(this.dir, `${stage}.dfa`);
  }

  load(stage: string): Dfa | undefined {
    const path = this.path(stage);
    return existsSync(path) ? dfaFromBytes(readFileSync(path), path) : undefined;
  }

  save(stage: string, dfa: Dfa): void {
    const path = this.path(stage);
    writeFileSync(`${path}.tmp`, dfaToBytes(dfa));
    renameSync(`${path}.tmp`, path);
  }
}
