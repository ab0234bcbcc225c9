/**
 * The memory and thread budgets of the limits table (rows `memory` and `threads`): what one computation may
 * hold and use, read by the library where a size is known before the work, and by the job runners.
 */
import { availableParallelism, totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { LimitError } from './errors.js';

let memoryOverride: number | undefined;
// totalmem() reads /proc/meminfo on Linux, and the kernels ask at every growth of a table: read once.
let halfMachine: number | undefined;

/** The memory budget of one computation, in bytes (the `memory` row): set by the caller, else half the machine's. */
export function memoryBudget(): number {
  return memoryOverride ?? (halfMachine ??= Math.floor(totalmem() / 2));
}

/**
 * Sets the memory budget of this thread's computations (the CLI's --max-memory); undefined restores the
 * default. The job runner hands it to its worker threads with each job (jobs/index.ts).
 */
export function setMemoryBudget(bytes: number | undefined): void {
  memoryOverride = bytes;
}

/** The budget set by setMemoryBudget, if any (what a worker thread is given). */
export function memoryBudgetSet(): number | undefined {
  return memoryOverride;
}

/** The heap limit a worker thread gets from the budget: V8's own limit of this thread when that is lower. */
export function workerHeapMb(): number {
  return Math.max(64, Math.floor(Math.min(memoryBudget(), getHeapStatistics().heap_size_limit) / 2 ** 20));
}

/** Threads a command may use: at most the cores (the `threads` row). */
export function maxThreads(): number {
  return Math.max(1, availableParallelism());
}

/** Bytes written for a reader: 1.5 GiB, 512 MiB, 12 KiB. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${bytes} bytes` : `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[u]}`;
}

/** Refuses up front a computation that needs more than the budget: a LimitError naming what and how much. */
export function checkMemory(what: string, bytes: number): void {
  const budget = memoryBudget();
  if (bytes > budget) throw new LimitError(`${what} needs about ${formatBytes(bytes)}, more than the memory budget of ${formatBytes(budget)}`, 'memory');
}
