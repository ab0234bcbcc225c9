/**
 * What a computation cost, measured in the thread that ran it: census rows store it (cpuMs, maxRssKb).
 */
import { readFileSync } from 'node:fs';

/**
 * CPU time of the calling thread in milliseconds: Linux's /proc/thread-self/schedstat (nanoseconds on a CPU),
 * so that a game in one of several worker threads is not charged for the others; elsewhere the whole
 * process's (process.cpuUsage), which is the thread's only when it runs alone.
 */
export function threadCpuMs(): number {
  try {
    const ns = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
    if (Number.isFinite(ns)) return ns / 1e6;
  } catch {
    // Not Linux, or /proc not mounted.
  }
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The process's peak resident set so far, in KiB (getrusage's ru_maxrss, shared by its threads). */
export function peakRssKb(): number {
  return process.resourceUsage().maxRSS;
}
