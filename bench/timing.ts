/** Wall and CPU seconds of one call, for the benchmarks (CPU is the steadier figure on a shared machine). */
import { cpuUsage } from 'node:process';

export function timed<T>(f: () => T): { value: T; wallS: number; cpuS: number } {
  const c0 = cpuUsage();
  const t0 = performance.now();
  const value = f();
  const c = cpuUsage(c0);
  return { value, wallS: (performance.now() - t0) / 1000, cpuS: (c.user + c.system) / 1e6 };
}
