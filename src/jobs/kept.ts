/** What the jobs that emit one item per command or position keep, and a check the stopped kernels' partials share. */

/**
 * What a job that emits one item per command or position keeps: how many it finished (their items were
 * emitted), and the checkpoint file a stopped grid search saved its table to.
 */
export interface KeptCount {
  done: number;
  checkpoint?: string;
}

export function keptCount(partial: unknown): KeptCount | undefined {
  if (typeof partial !== 'object' || partial === null || typeof (partial as KeptCount).done !== 'number') return undefined;
  const { done, checkpoint } = partial as KeptCount;
  return typeof checkpoint === 'string' ? { done, checkpoint } : { done };
}

export function isNumbers(v: unknown): v is ArrayLike<number> {
  return (Array.isArray(v) || ArrayBuffer.isView(v)) && typeof (v as ArrayLike<number>).length === 'number';
}
