/**
 * Take-and-break kernel (src/games/heaps/take-and-break) against tczajka's C++ octal solver, as whole processes.
 *
 *   node dist/bench/take-and-break.js run CODE MAX [stop|extend|ignore] [plain] [js] [checksum] [checkpoint=FILE]
 *       one run: G(0..MAX), stopping at a certified period with 'stop' (the default); prints the
 *       period, the fingerprint, the kernel's counters and the process's CPU time so far; `checksum`
 *       adds h = 31 h + G mod 2^32 over the values (not part of what `vs` times). With a checkpoint
 *       file, resumes from it and writes it every 2^20 heaps (a long run can be stopped).
 *   [ANALYZE=PATH] node dist/bench/take-and-break.js vs [quick] [runs=N] [no-extra-ca]
 *       whole processes of the CLI (`sprague sequence octal:CODE --max MAX --summary`), N runs each (5 by
 *       default), CPU (user + sys) and wall to the millisecond (bash's time), best and median: 0.16 to
 *       2^19 (certified), then, unless quick, issue 32's rows: Grundy's game and 0.6 to 2^21 (target 1),
 *       0.376 to 2^21, 0.354 solved (target 1: certified <= 15 s CPU). When the environment variable
 *       ANALYZE names a built tczajka `analyze` (patched to take maxn as a second argument; it is never
 *       part of this repository), each row with a tczajka counterpart also runs it to the same n, back to
 *       back with sprague's run (analyze prints one line per power of two and stops after the line at
 *       maxn), and prints the ratio; without it, sprague's rows alone. When NODE_EXTRA_CA_CERTS is set
 *       (this machine sets it for every process), what it costs Node's start is printed (extraCaNote);
 *       `no-extra-ca` runs sprague's processes without it.
 *   node dist/bench/take-and-break.js narrow CODE MAX
 *       the kernel in WebAssembly (narrow and wide paths) against the same paths in JavaScript, in one process
 *       each way round: time, and whether values and counters agree.
 *   node dist/bench/take-and-break.js plain CODE MAX
 *       the kernel's plain path (no sparse space) in WebAssembly against the same path in JavaScript:
 *       CPU time of each, and whether values and counters agree.
 *   node dist/bench/take-and-break.js census FAMILY BOUND [REPS]
 *       whole processes `sprague census run FAMILY --bound BOUND --threads 1` (a fresh database in a
 *       temporary folder each time), REPS times (default 3): CPU (user + sys) and wall of each, best and median.
 *   node dist/bench/take-and-break.js equal CODE MAX
 *       sparse path against the plain path, value for value (prints the first difference).
 * Prints figures; asserts nothing.
 */
import { parseTakeAndBreakCode } from '../src/games/heaps/take-and-break/code.js';
import { formatFingerprint, takeAndBreakSequence } from '../src/games/heaps/take-and-break/sequence.js';

function checksum(values: ArrayLike<number>): number {
  let h = 0;
  for (let i = 0; i < values.length; i++) h = (Math.imul(h, 31) + values[i]!) >>> 0;
  return h;
}

function runOne(codeText: string, max: number, atPeriod: 'stop' | 'extend' | 'ignore', flags: string[]): void {
  const sparse = !flags.includes('plain');
  // `js`: the JavaScript paths only (the kernel before its WebAssembly paths, and their reference).
  const wasm = !flags.includes('js');
  const checkpoint = flags.find((f) => f.startsWith('checkpoint='))?.slice('checkpoint='.length);
  const code = parseTakeAndBreakCode(codeText);
  const t0 = performance.now();
  const r = takeAndBreakSequence(code, max, { atPeriod, sparse, wasm, ...(checkpoint === undefined ? {} : { checkpoint }) });
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage();
  const p = r.period;
  console.log(
    [
      `${code.text} to ${max}: computed ${r.computed} heaps${r.resumedFrom ? ` (resumed from ${r.resumedFrom})` : ''} in ${wall.toFixed(3)} s wall`,
      p ? `period ${p.period}, preperiod ${p.preperiod} (certified: ${p.certificate})` : 'no period certified',
      formatFingerprint(r.fingerprint),
      flags.includes('checksum') ? `checksum ${checksum(r.values)} of ${r.values.length} values` : `${r.values.length} values`,
      `kernel ${JSON.stringify(r.stats)}`,
      `process cpu ${((cpu.user + cpu.system) / 1e6).toFixed(3)} s`,
    ].join('\n  '),
  );
}

interface Timing {
  cpu: number;
  wall: number;
  rssMiB: number;
  out: string;
}

// `run` is itself what `vs` measures, so it loads no module it does not need (child_process alone
// costs a few milliseconds of start-up).
const spawns = process.argv[2] === 'vs' || process.argv[2] === 'census';
const { spawnSync } = spawns ? await import('node:child_process') : ({} as typeof import('node:child_process'));
const { cpus, loadavg } = spawns ? await import('node:os') : ({} as typeof import('node:os'));

/**
 * One whole process: CPU (user + sys) and wall to the millisecond from bash's `time` (/usr/bin/time
 * rounds to 10 ms, a tenth of the 0.16 run), peak RSS from /usr/bin/time.
 */
function timed(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Timing {
  const quoted = [cmd, ...args].map((x) => `'${x.replace(/'/g, `'\\''`)}'`).join(' ');
  const r = spawnSync('bash', ['-c', `TIMEFORMAT='TIME %3R %3U %3S'; time /usr/bin/time -f 'RSS %M' ${quoted}`], { encoding: 'utf8', maxBuffer: 1 << 26, env });
  const lines = r.stderr.trim().split('\n');
  const time = lines.find((l) => l.startsWith('TIME ')) ?? '';
  const rss = lines.find((l) => l.startsWith('RSS ')) ?? '';
  const [, e, u, s] = time.split(' ').map(Number);
  if (r.status !== 0 || !time) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr.slice(-500)}`);
  return { cpu: u! + s!, wall: e!, rssMiB: Number(rss.split(' ')[1]) / 1024, out: r.stdout };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

interface Row {
  name: string;
  /** The CLI's arguments. */
  ours: string[];
  /** analyze's arguments, when it has the same task. */
  theirs?: string[];
}

/** Best and median of CPU and wall, in seconds. */
function summary(ts: Timing[]): string {
  const cpu = ts.map((t) => t.cpu);
  const wall = ts.map((t) => t.wall);
  return `CPU ${Math.min(...cpu).toFixed(2)} / ${median(cpu).toFixed(2)} s, wall ${Math.min(...wall).toFixed(2)} / ${median(wall).toFixed(2)} s, ${Math.max(...ts.map((t) => t.rssMiB)).toFixed(0)} MiB`;
}

/**
 * NODE_EXTRA_CA_CERTS makes every Node process load that bundle of certificates before any script runs
 * (Node 20 builds its root store at start-up for it): 40 ms of CPU with a system bundle of 144, against
 * Node's own 22 ms. An environment setting, not sprague's start-up: said, and measured, when it is set;
 * `no-extra-ca` runs sprague without it.
 */
function extraCaNote(node: string): string | undefined {
  const ca = process.env['NODE_EXTRA_CA_CERTS'];
  if (ca === undefined) return undefined;
  const { NODE_EXTRA_CA_CERTS: _, ...without } = process.env;
  const best = (env: NodeJS.ProcessEnv) => Math.min(...Array.from({ length: 5 }, () => timed(node, ['-e', '0'], env).cpu));
  return `NODE_EXTRA_CA_CERTS=${ca} is set: node -e 0 takes ${(1000 * best(process.env)).toFixed(0)} ms of CPU with it, ${(1000 * best(without)).toFixed(0)} ms without (best of 5); no-extra-ca runs sprague without it`;
}

function versus(quick: boolean, runs: number, noExtraCa: boolean): void {
  const analyze = process.env['ANALYZE'];
  const node = process.execPath;
  const { NODE_EXTRA_CA_CERTS: _, ...withoutCa } = process.env;
  const ourEnv = noExtraCa ? withoutCa : process.env;
  const cli = new URL('../../bin/sprague.js', import.meta.url).pathname;
  const seq = (spec: string, max: number): string[] => [cli, 'sequence', spec, '--max', String(max), '--summary'];
  const rows: Row[] = [{ name: '0.16 to 2^19, period certified', ours: seq('octal:0.16', (1 << 19) - 1), theirs: ['.16'] }];
  if (!quick) {
    rows.push({ name: "Grundy's game (4!.0) to 2^21", ours: seq('octal:4!.0', (1 << 21) - 1), theirs: ['grundy', String(1 << 21)] });
    rows.push({ name: '0.6 to 2^21', ours: seq('octal:0.6', (1 << 21) - 1), theirs: ['.6', String(1 << 21)] });
    rows.push({ name: '0.376 to 2^21', ours: seq('octal:0.376', (1 << 21) - 1), theirs: ['.376', String(1 << 21)] });
    // analyze would run 0.354 to 2^25 (its certificate is checked at powers of two only): sprague alone.
    rows.push({ name: '0.354 solved (20 126 194 heaps, certified)', ours: seq('octal:0.354', 100_000_000) });
  }
  console.log(`machine: ${cpus().length} cpus, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}; ${runs} runs each, back to back; best / median`);
  console.log(analyze ? `tczajka: ${analyze}` : 'tczajka: ANALYZE not set, sprague alone');
  const note = extraCaNote(node);
  if (note) console.log(`${note}${noExtraCa ? ' (sprague runs without it here)' : ''}`);
  console.log('| task | sprague | tczajka | CPU ratio (best / median) |');
  console.log('| --- | --- | --- | --- |');
  for (const row of rows) {
    const ours: Timing[] = [];
    const theirs: Timing[] = [];
    for (let i = 0; i < runs; i++) {
      ours.push(timed(node, row.ours, ourEnv));
      if (analyze && row.theirs) theirs.push(timed(analyze, row.theirs));
    }
    const ratio = theirs.length > 0 ? `${(Math.min(...ours.map((t) => t.cpu)) / Math.min(...theirs.map((t) => t.cpu))).toFixed(2)}x / ${(median(ours.map((t) => t.cpu)) / median(theirs.map((t) => t.cpu))).toFixed(2)}x` : '';
    console.log(`| ${row.name} | ${summary(ours)} | ${theirs.length > 0 ? summary(theirs) : ''} | ${ratio} |`);
    console.log(ours[0]!.out.trim().split('\n').map((l) => `    sprague: ${l}`).join('\n'));
    if (theirs.length > 0) console.log(theirs[0]!.out.trim().split('\n').slice(-2).map((l) => `    tczajka: ${l}`).join('\n'));
  }
  console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
}

function equal(codeText: string, max: number): void {
  const code = parseTakeAndBreakCode(codeText);
  const fast = takeAndBreakSequence(code, max, { atPeriod: 'ignore' }).values;
  const plain = takeAndBreakSequence(code, max, { atPeriod: 'ignore', sparse: false }).values;
  let first = -1;
  for (let i = 0; i <= max && first < 0; i++) if (fast[i] !== plain[i]) first = i;
  console.log(first < 0 ? `${code.text}: sparse = plain on G(0..${max})` : `${code.text}: DIFFERENT at heap ${first}: sparse ${fast[first]}, plain ${plain[first]}`);
}

/** The narrow path in WebAssembly and in JavaScript on one code: times, and whether they agree. */
async function narrow(codeText: string, max: number): Promise<void> {
  const { TakeAndBreakKernel } = await import('../src/games/heaps/take-and-break/kernel.js');
  const { movesOf } = await import('../src/games/heaps/take-and-break/moves.js');
  const code = parseTakeAndBreakCode(codeText);
  const runs = [true, false].map((wasm) => {
    const t0 = performance.now();
    const k = new TakeAndBreakKernel(movesOf(code), max + 1, { wasm });
    k.run(max + 1);
    return { wasm, ms: performance.now() - t0, k };
  });
  const [w, j] = runs as [(typeof runs)[0], (typeof runs)[0]];
  let first = -1;
  for (let i = 0; i <= max && first < 0; i++) if (w.k.G[i] !== j.k.G[i]) first = i;
  const same = first < 0 && JSON.stringify(w.k.stats) === JSON.stringify(j.k.stats);
  console.log(`${code.text} to ${max}: WebAssembly ${w.ms.toFixed(1)} ms (heaps in WebAssembly: ${JSON.stringify(w.k.inWasm)}), JavaScript ${j.ms.toFixed(1)} ms (first in the process, so with its warm-up); ${same ? 'same values and counters' : `DIFFERENT (first value at ${first})`}`);
  console.log(`  counters ${JSON.stringify(w.k.stats)}`);
}

/** The plain path in WebAssembly and in JavaScript on one code: CPU times, and whether they agree. */
async function plain(codeText: string, max: number): Promise<void> {
  const { TakeAndBreakKernel } = await import('../src/games/heaps/take-and-break/kernel.js');
  const { movesOf } = await import('../src/games/heaps/take-and-break/moves.js');
  const code = parseTakeAndBreakCode(codeText);
  const runs = [true, false].map((wasm) => {
    const c0 = process.cpuUsage();
    const k = new TakeAndBreakKernel(movesOf(code), max + 1, { wasm, sparse: false });
    k.run(max + 1);
    const c = process.cpuUsage(c0);
    return { wasm, ms: (c.user + c.system) / 1000, k };
  });
  const [w, j] = runs as [(typeof runs)[0], (typeof runs)[0]];
  let first = -1;
  for (let i = 0; i <= max && first < 0; i++) if (w.k.G[i] !== j.k.G[i]) first = i;
  const same = first < 0 && JSON.stringify(w.k.stats) === JSON.stringify(j.k.stats);
  console.log(`${code.text} to ${max}, plain path: WebAssembly ${w.ms.toFixed(0)} ms CPU, JavaScript ${j.ms.toFixed(0)} ms CPU (${(j.ms / w.ms).toFixed(1)}x); largest value ${w.k.maxValue}; ${same ? 'same values and counters' : `DIFFERENT (first value at ${first})`}`);
}

/** `sprague census run` of a family as whole processes, each with a fresh database. */
async function census(family: string, bound: number, reps: number): Promise<void> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const cli = new URL('../../bin/sprague.js', import.meta.url).pathname;
  console.log(`machine: ${cpus().length} cpus, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  const runs: Timing[] = [];
  for (let i = 0; i < reps; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'sprague-census-bench-'));
    try {
      const t = timed(process.execPath, [cli, 'census', 'run', family, '--bound', String(bound), '--threads', '1', '--db', join(dir, 'census.db')]);
      runs.push(t);
      console.log(`run ${i + 1}: ${t.cpu.toFixed(1)} s CPU, ${t.wall.toFixed(1)} s wall, ${t.rssMiB.toFixed(0)} MiB`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const median = (xs: number[]): number => {
    const ys = [...xs].sort((x, y) => x - y);
    const m = ys.length >> 1;
    return ys.length % 2 ? ys[m]! : (ys[m - 1]! + ys[m]!) / 2;
  };
  const cpu = runs.map((t) => t.cpu);
  const wall = runs.map((t) => t.wall);
  console.log(`census run ${family} --bound ${bound} --threads 1, ${reps} runs: CPU best ${Math.min(...cpu).toFixed(1)} s, median ${median(cpu).toFixed(1)} s; wall best ${Math.min(...wall).toFixed(1)} s, median ${median(wall).toFixed(1)} s`);
  console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
}

const [mode, a, b, c, ...rest] = process.argv.slice(2);
if (mode === 'run') runOne(a!, Number(b), (c ?? 'stop') as 'stop' | 'extend' | 'ignore', rest);
else if (mode === 'vs') {
  const flags = [a, b, c, ...rest].filter((x): x is string => x !== undefined);
  const runs = Number(flags.find((f) => f.startsWith('runs='))?.slice(5) ?? 5);
  versus(flags.includes('quick'), runs, flags.includes('no-extra-ca'));
}
else if (mode === 'equal') equal(a!, Number(b));
else if (mode === 'narrow') await narrow(a!, Number(b));
else if (mode === 'plain') await plain(a!, Number(b));
else if (mode === 'census') await census(a!, Number(b), Number(c ?? 3));
else console.log('usage: take-and-break.js run CODE MAX [stop|extend|ignore] [plain] [js] [checksum] [checkpoint=FILE] | [ANALYZE=PATH] vs [quick] [runs=N] [no-extra-ca] | equal CODE MAX | narrow CODE MAX | plain CODE MAX | census FAMILY BOUND [REPS]');
