/** Messages between the server and its computation workers. */
import type { PlotRequest, PlotResult } from '../plot/index.js';

export type Task =
  | { op: 'plot'; request: PlotRequest }
  | { op: 'grundy'; spec: string; position: string; maxDepth?: number };

export interface GrundyAnswer {
  position: string;
  grundy: number | null;
  outcome: 'P' | 'N';
}

/** One task for a worker; its answers carry the same `job`. */
export interface TaskMessage {
  job: string;
  task: Task;
  /** Shared cancel flag (see signal.ts). */
  flag: Int32Array;
}

/** A library error as data: its class name picks the HTTP status. */
export interface ErrorInfo {
  name: string;
  message: string;
  /** For SpecError: the spec text, so the page can put the message next to the right field. */
  spec?: string;
}

export type WorkerMessage =
  | { type: 'progress'; done: number; total: number; label: string }
  | { type: 'done'; result: PlotResult | GrundyAnswer }
  | { type: 'cancelled'; partial?: PlotResult }
  | { type: 'error'; error: ErrorInfo };

export function errorInfo(e: unknown): ErrorInfo {
  const err = e instanceof Error ? e : new Error(String(e));
  const spec = (err as { spec?: unknown }).spec;
  return { name: err.name, message: err.message.split('\n')[0]!, ...(typeof spec === 'string' ? { spec } : {}) };
}
