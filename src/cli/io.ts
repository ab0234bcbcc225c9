/**
 * Output helpers shared by the commands: JSON Lines on stdout with --json, aligned human tables
 * otherwise, and a progress bar on stderr when it is a terminal.
 */
import cliProgress from 'cli-progress';

export interface OutputOptions {
  json?: boolean;
}

/** One JSON object per line, nothing else on stdout (spec/CLI.md). */
export function emitJson(obj: unknown): void {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

export function emitLine(text: string): void {
  process.stdout.write(text + '\n');
}

/** Columns padded to their widest cell; numbers right-aligned. */
export function formatTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length)));
  const numeric = header.map((_, c) => rows.length > 0 && rows.every((r) => typeof r[c] === 'number'));
  return cells
    .map((r) =>
      r.map((cell, c) => (numeric[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ').trimEnd(),
    )
    .join('\n');
}

export const colour = {
  enabled: process.stdout.isTTY === true && !process.env['NO_COLOR'],
  bold(s: string): string {
    return this.enabled ? `\x1b[1m${s}\x1b[22m` : s;
  },
  dim(s: string): string {
    return this.enabled ? `\x1b[2m${s}\x1b[22m` : s;
  },
  green(s: string): string {
    return this.enabled ? `\x1b[32m${s}\x1b[39m` : s;
  },
  red(s: string): string {
    return this.enabled ? `\x1b[31m${s}\x1b[39m` : s;
  },
};

/** A progress reporter: a bar on stderr when stderr is a terminal, silent otherwise. */
export interface Progress {
  update(done: number, total: number, label?: string): void;
  stop(): void;
}

export function progressBar(title: string): Progress {
  if (!process.stderr.isTTY) return { update() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${title} [{bar}] {percentage}% {value}/{total} {label} eta {eta_formatted}`,
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total, label = '') {
      if (!started) {
        bar.start(total, done, { label });
        started = true;
      } else {
        bar.setTotal(total);
        bar.update(done, { label });
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

/** Parses a non-negative integer flag value, naming the flag in the error. */
export function parseCount(flag: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new FlagError(flag, text, 'expected a non-negative integer');
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new FlagError(flag, text, 'too large');
  return n;
}

export class FlagError extends Error {
  constructor(flag: string, value: string, reason: string) {
    super(`bad value ${JSON.stringify(value)} for ${flag}: ${reason}`);
    this.name = 'FlagError';
  }
}
