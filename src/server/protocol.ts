/** What the explorer's jobs take and give (the HTTP API's side of the job runner). */
import type { PlotRequest } from '../plot/index.js';
import type { AdmissibilityArgs } from '../jobs/index.js';
import { type ErrorInfo, errorInfo } from '../core/pool.js';

export type Task =
  | { op: 'plot'; request: PlotRequest }
  | { op: 'grundy'; spec: string; position: string; maxDepth?: number }
  /** The logic panel: Walnut commands as typed. */
  | { op: 'logic'; text: string }
  /** The admissibility panel: is the set the P-positions of an invariant game? */
  | { op: 'admissible'; args: AdmissibilityArgs };

export interface GrundyAnswer {
  position: string;
  grundy: number | null;
  outcome: 'P' | 'N';
}

/** A library error as data: its class name picks the HTTP status; a SpecError's `spec` picks the field. */
export { type ErrorInfo, errorInfo };
