import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { wythoffBitString } from '../../src/analysis/bitstring.js';
import { pPositions, pPositionsInBox } from '../../src/analysis/ppositions.js';
import { InputError, InterruptedError } from '../../src/core/errors.js';
import { type JobName, type LogicLine, jobRunner, jobs, keptAdmissibility, keptPPositions, loadJob, loadingJobRunner } from '../../src/jobs/index.js';
import { Session } from '../../src/logic/session.js';
import { loadGameModules, parseSpec } from '../../src/spec/index.js';
import { sequenceWithPeriod } from '../../src/analysis/sequence.js';

const runner = jobRunner();
after(() => runner.close());

/** The job's result, failing the test when it did not finish. */
async function value<T>(end: Promise<{ end: string; value?: T }>): Promise<T> {
  const e = await end;
  assert.equal(e.end, 'done', JSON.stringify(e));
  return e.value as T;
}

const aborted = () => {
  const ac = new AbortController();
  ac.abort();
  return ac.signal;
};

/** The interruption a kernel throws when its signal is already raised. */
function partialOf(run: () => unknown): unknown {
  try {
    run();
  } catch (e) {
    assert.ok(e instanceof InterruptedError, String(e));
    return e.partial;
  }
  assert.fail('the run was not interrupted');
}

test('ppositions job in a worker: the same P-positions as the library in this thread (maharaja-nim, Prop. 1.1 columns)', async () => {
  for (const [spec, heaps, max] of [['wythoff+1,2', 2, 400], ['zeruclid', 3, 45], ['push(nim,euclid)', 2, 300]] as const) {
    const here = pPositions(parseSpec(spec), heaps, max);
    const there = await value(runner.run('ppositions', { spec, heaps, max }));
    assert.equal(there.method, here.method, spec);
    assert.deepEqual(Array.from(there.coords), here.positions.flat(), spec);
  }
});

test('a stopped Wythoff column table keeps exactly the P-positions of the finished square (maharaja-nim, Prop. 1.1)', () => {
  const partial = partialOf(() => pPositions(parseSpec('maharaja'), 2, 2 ** 21 - 1, { signal: aborted() }));
  const kept = keptPPositions(partial, 2);
  assert.equal(kept.kind, 'box');
  const smaller = pPositions(parseSpec('maharaja'), 2, kept.upTo!);
  assert.ok(kept.upTo! > 1000 && kept.upTo! < 2 ** 21 - 1);
  assert.deepEqual(Array.from(kept.coords), smaller.positions.flat());
});

test('a table kernel stopped before any cell is final (push compound: inside its after-button table) keeps nothing rather than something wrong', () => {
  const partial = partialOf(() => pPositions(parseSpec('push(nim,euclid)'), 2, 200, { signal: aborted() }));
  assert.deepEqual(keptPPositions(partial, 2), { kind: 'none', coords: new Int32Array(0) });
});

test('a table kernel stopped midway keeps the P-positions of the cells it finished, as a prefix', () => {
  let looks = 0;
  const signal = { get aborted() { return ++looks >= 3; } } as AbortSignal;
  const kept = keptPPositions(partialOf(() => pPositions(parseSpec('nim'), 2, 300, { signal })), 2);
  assert.equal(kept.kind, 'prefix');
  // Nim: (a, b) is P iff a = b; the ray kernel stops after whole rows.
  const count = kept.coords.length / 2;
  assert.ok(count > 0 && count < 301, `${count} kept`);
  assert.deepEqual(Array.from(kept.coords), Array.from({ length: count }, (_, a) => [a, a]).flat());
});

test('the solver path keeps its list as a prefix', () => {
  const kept = keptPPositions([[0, 0], [1, 1]], 2);
  assert.equal(kept.kind, 'prefix');
  assert.deepEqual(Array.from(kept.coords), [0, 0, 1, 1]);
});

test('admissibility partials: the witness searches say how far they got; earlier phases decide nothing', () => {
  assert.deepEqual(keptAdmissibility({ checked: 4096, witness: [2, 3] }), { checkedCells: 4096, witness: [2, 3] });
  assert.deepEqual(keptAdmissibility({ checkedUpTo: 63 }), { checkedUpTo: 63 });
  assert.equal(keptAdmissibility({ checkedUpTo: -1 }), undefined);
  assert.equal(keptAdmissibility(new Uint8Array(4)), undefined);
});

test('logic job: every command emitted in order as it finishes, the same lines as a Session here', async () => {
  const commands = ['def even "Ey x=2*y";', 'macro twice "%0 = 2*%1";', 'eval t "Ax $even(x) | ~(Ey #twice(x,y))";', 'eval e "Ey x=2*y";'];
  const items: LogicLine[] = [];
  const end = await value(runner.run('logic', { commands, dot: true }, { onItem: (i) => items.push(i as LogicLine) }));
  const session = new Session();
  const here = commands.map((c) => session.run(c));
  assert.deepEqual(items.map((l) => [l.verb, l.name, l.result, l.states]), here.map((r) => [r.verb, r.name, r.result, r.states]));
  assert.match(end.dot!, /digraph/);
});

test('logic job ended from outside: the items of the commands done arrived, the job ends killed', async () => {
  const kill = new AbortController();
  const items: LogicLine[] = [];
  const commands = ['eval a "Ax x=x";', 'eval b "Ex x=1";', 'def p "?msd_trib Ex,y,z,w x+y=z & z+w=x+y+y";', 'eval c "Ax x=x";'];
  const end = await runner.run('logic', { commands }, {
    kill: kill.signal,
    onItem: (i) => {
      items.push(i as LogicLine);
      if (items.length === 2) kill.abort();
    },
  });
  assert.deepEqual(end, { end: 'interrupted', partial: undefined, killed: true });
  assert.deepEqual(items.map((l) => l.name), ['a', 'b']);
});

test('logic job stopped inside a long command (the engine reads the signal in its products and projections): the lines done and how many', async () => {
  const stop = new AbortController();
  const items: LogicLine[] = [];
  // p takes about 20 s. The stop comes at an event, never after a guessed time (300 ms after the first line
  // was once longer than a shorter p took): once the progress names p, the worker is past its check between
  // commands and inside p's products and projections.
  const p = 'def p "?msd_trib Ex,y,z,w,u,v x+y+v=z+u & z+w=x+y+y & u+z=w+w+x";';
  const commands = ['eval a "Ax x=x";', p, 'eval c "Ax x=x";'];
  const end = await runner.run('logic', { commands }, {
    signal: stop.signal,
    onItem: (i) => items.push(i as LogicLine),
    onProgress: (_, __, label) => {
      if (label === p) stop.abort();
    },
  });
  assert.deepEqual(end, { end: 'interrupted', partial: { done: 1 }, killed: false });
  assert.deepEqual(items.map((l) => l.name), ['a']);
});

test('a bad command after good ones: the good lines arrive first, then the error keeps its class', async () => {
  const items: LogicLine[] = [];
  await assert.rejects(
    runner.run('logic', { commands: ['eval a "Ax x=x";', 'eval b "Ex x+ = 1";'] }, { onItem: (i) => items.push(i as LogicLine) }),
    (e: unknown) => e instanceof InputError,
  );
  assert.deepEqual(items.map((l) => l.name), ['a']);
});

test('inline runs (small inputs) give the same result without a worker', async () => {
  const inline = await value(runner.run('ppositions', { spec: 'wythoff', heaps: 2, max: 30 }, { inline: true }));
  const worker = await value(runner.run('ppositions', { spec: 'wythoff', heaps: 2, max: 30 }));
  assert.deepEqual(Array.from(inline.coords), Array.from(worker.coords));
});

test('each job loaded on its own (the CLI loads only the job it runs) is the registry\'s', async () => {
  for (const name of Object.keys(jobs) as JobName[]) assert.equal(await loadJob(name), jobs[name], name);
});

test('the loading runner runs a job it loaded inline and in its worker alike', async () => {
  const loading = loadingJobRunner();
  try {
    const r = await loading.load('sequence');
    const inline = await value(r.run('sequence', { spec: 'octal:0.16', max: 2000 }, { inline: true }));
    const worker = await value(r.run('sequence', { spec: 'octal:0.16', max: 2000 }));
    assert.deepEqual(Array.from(inline.values!), Array.from(worker.values!));
    assert.deepEqual(r.stats()['sequence'], { inline: 1, worker: 1 });
  } finally {
    await loading.close();
  }
});

test('bitstring job stopped in a worker: the bits kept are those of the columns finished (maharaja-nim, section 2.1)', async () => {
  const stop = new AbortController();
  stop.abort();
  const end = await runner.run('bitstring', { extraMoves: [[1, 2]], bits: 2 ** 21 }, { signal: stop.signal });
  assert.equal(end.end, 'interrupted');
  const kept = end.end === 'interrupted' ? end.partial! : new Uint8Array(0);
  assert.ok(kept.length >= 2 ** 20 && kept.length < 2 ** 21, `${kept.length} bits kept`);
  assert.deepEqual(kept, wythoffBitString([[1, 2]], kept.length));
});

test('a game registered in this thread (loadGameModules) is known to the job worker: the runner hands the modules over before the job parses its spec', async () => {
  const fixture = new URL('../core/parity-subtraction.js', import.meta.url);
  const fresh = jobRunner();
  try {
    // Before the module is loaded here, the worker does not know the game either.
    await assert.rejects(fresh.run('sequence', { spec: 'paritysub', max: 100 }), /unknown game "paritysub"/);
    await loadGameModules([fixture.href]);
    const r = await value(fresh.run('sequence', { spec: 'paritysub', max: 400 }));
    assert.deepEqual([r.period.period, r.period.preperiod, r.period.certified], [14, 0, true]);
    assert.deepEqual(Array.from(r.values!), Array.from(sequenceWithPeriod(parseSpec('paritysub'), 400).values));
    assert.deepEqual(fresh.stats()['sequence'], { inline: 0, worker: 2 });
  } finally {
    await fresh.close();
  }
});

test('a box stopped in the plain solver keeps a lexicographic prefix of its P-positions, each right', () => {
  // The CLI's Ctrl-C test of this path used octal 0.6, which now reads its kernel values and is done first.
  const rs = parseSpec('octal:0.6');
  const ac = new AbortController();
  let found = 0;
  const partial = partialOf(() => pPositionsInBox(rs, 2, 40, { signal: ac.signal, onPosition: () => {
    if (++found === 20) ac.abort();
  } }));
  const kept = keptPPositions(partial, 2);
  assert.equal(kept.kind, 'prefix');
  const all = pPositionsInBox(rs, 2, 40).flat();
  assert.ok(kept.coords.length >= 40 && kept.coords.length < all.length);
  assert.deepEqual(Array.from(kept.coords), all.slice(0, kept.coords.length));
});
