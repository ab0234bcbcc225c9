/** What every kernel takes: a progress callback and a stop signal (a stop throws InterruptedError with what was finished). */
export interface KernelOptions {
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}
