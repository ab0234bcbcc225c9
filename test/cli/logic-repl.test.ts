/**
 * `sprague logic` with no QUERY on a terminal: the REPL (issue 23 item 4), driven through a real
 * pseudo-terminal made by util-linux `script`; skipped where there is none.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitCommands } from '../../src/cli/logic-repl.js';
import { runCli } from '../helpers/cli.js';

test('splitCommands: terminators ; : :: outside quotes end commands, the rest waits', () => {
  assert.deepEqual(splitCommands('eval a "x=1"; def b "y=2":: eval c "E x x:1'), { commands: ['eval a "x=1";', 'def b "y=2"::'], rest: 'eval c "E x x:1' });
  assert.deepEqual(splitCommands('eval t "a;b";'), { commands: ['eval t "a;b";'], rest: '' });
  assert.deepEqual(splitCommands(' ; ;'), { commands: [], rest: '' });
});

const entry = fileURLToPath(new URL('../../src/cli/run.js', import.meta.url));
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;

/**
 * A terminal session: `send` types, `waitFor` waits until the screen shows a pattern. `env` adds to the
 * environment (SPRAGUE_GRACE_MS: how long a stopped command may take to stop by itself).
 */
function terminal(env: Record<string, string> = {}) {
  // The history goes to a file of the test's own, not to the home folder.
  const history = join(mkdtempSync(join(tmpdir(), 'repl-')), 'history');
  const child = spawn('script', ['-qfec', `'${process.execPath}' '${entry}' logic`, '/dev/null'], { env: { ...process.env, NO_COLOR: '1', SPRAGUE_HISTORY: history, ...env } });
  let screen = '';
  child.stdout.on('data', (d: Buffer) => (screen += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (screen += d.toString('utf8')));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  return {
    send: (text: string) => child.stdin.write(text),
    screen: () => screen.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').replace(/\r/g, ''),
    async waitFor(pattern: RegExp, ms = 60_000): Promise<void> {
      const until = Date.now() + ms;
      while (!pattern.test(this.screen())) {
        if (Date.now() > until) throw new Error(`waited ${ms} ms for ${pattern}; the screen:\n${this.screen()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    exited,
    kill: () => child.kill('SIGKILL'),
    history,
  };
}

test('the REPL on a terminal: a prompt, help;, definitions kept from line to line, a command over two lines, errors on one line, exit;', { skip: hasScript ? false : 'no util-linux script for a pseudo-terminal' }, async () => {
  const t = terminal();
  try {
    await t.waitFor(/logic> /);
    t.send('help;\n');
    await t.waitFor(/Word automata known without a library folder:[\s\S]*T +Thue–Morse/);
    t.send('def odd "E k n=2*k+1";\n');
    await t.waitFor(/odd: 2 states over \(n\)/);
    t.send('eval x "An $odd(n) => ~$odd(n+1)"\n');
    await t.waitFor(/\.\.\. $/);
    t.send(';\n');
    await t.waitFor(/x: true/);
    t.send('eval y "?msd_fib An F[n]=@1 => F[n+1]=@0"; bogus z;\n');
    await t.waitFor(/y: true[\s\S]*sprague: the command bogus is not supported/);
    t.send('exit;\n');
    assert.equal(await t.exited, 0);
    // The lines typed are kept, for the next session's arrow up.
    assert.match(readFileSync(t.history, 'utf8'), /^def odd "E k n=2\*k\+1";$/m);
  } finally {
    t.kill();
  }
});

/** A Walnut 6 session as a user pastes it: one command a line, each terminator, test, inf, ost and draw. */
const WALNUT_SESSION = [
  'def even "Ek n=2*k";',
  'eval sums "An,m ($even(n) & $even(m)) => $even(n+m)":',
  'test even 4;',
  'def big "?msd_fib x>y+3";',
  'inf big;',
  'ost golden [0 1] [1];',
  'eval comm "?msd_golden Ax,y x+y=y+x";',
  'draw $even;',
  'def odd "~$even(n)"::',
].join('\n');

/** What that session prints, command by command (the REPL on a terminal and a pipe alike). */
function checkWalnutSession(out: string, lib: string): void {
  assert.match(out, /^even: 2 states over \(n\)$/m);
  // ':' shows the steps: one line per operator with its automaton's states.
  assert.match(out, /^sums: true\n(  \S+ +\d+\n)+/m);
  assert.match(out, /^0\n10\n100\n110$/m);
  assert.match(out, /^big: \d+ states over \(x, y\)$/m);
  // inf: prefix(cycle)*suffix, pairs as letters.
  assert.match(out, /^(\[\d, \d\])*\((\[\d, \d\])+\)\*(\[\d, \d\])*$/m);
  assert.match(out, /^msd_golden: the Ostrowski numeration of α = \[0; 2, \(1\)\*\], digits 0\.\.1/m);
  assert.match(out, /^wrote Custom Bases\/msd_golden\.txt\nwrote Custom Bases\/msd_golden_addition\.txt$/m);
  // The new system is usable at once.
  assert.match(out, /^comm: true$/m);
  assert.match(out, /^wrote Result\/even\.gv$/m);
  assert.match(readFileSync(join(lib, 'Result', 'even.gv'), 'utf8'), /digraph/);
  // '::' shows the steps and writes every intermediate automaton.
  assert.match(out, /^odd: 2 states over \(n\)\n  \$even +2\n  ~ +2\n  intermediate automata in .*odd_detailed_log\.txt$/m);
  assert.match(readFileSync(join(lib, 'Result', 'odd_detailed_log.txt'), 'utf8'), /states/);
  for (const f of ['Automata Library/even.txt', 'Automata Library/odd.txt', 'Automata Library/big.txt', 'Result/sums.txt']) assert.ok(existsSync(join(lib, f)), f);
}

test('the REPL: a pasted Walnut 6 session (test, inf, ost, draw, : and ::) runs command by command into its library; a second session finds its def', { skip: hasScript ? false : 'no util-linux script for a pseudo-terminal' }, async () => {
  const lib = join(mkdtempSync(join(tmpdir(), 'repl-lib-')), 'lib');
  const first = terminal({ SPRAGUE_LOGIC_LIBRARY: lib });
  try {
    await first.waitFor(/logic> /);
    // One write: the terminal receives the lines at once, as from a paste.
    first.send(`${WALNUT_SESSION}\n`);
    await first.waitFor(/intermediate automata in .*odd_detailed_log\.txt/);
    first.send('exit;\n');
    assert.equal(await first.exited, 0);
    // The screen echoes the pasted lines first; the output follows them, each answer after a prompt.
    const screen = first.screen();
    checkWalnutSession(screen.slice(screen.lastIndexOf('def odd "~$even(n)"::')).replace(/logic> /g, ''), lib);
  } finally {
    first.kill();
  }
  const second = terminal({ SPRAGUE_LOGIC_LIBRARY: lib });
  try {
    await second.waitFor(/logic> /);
    second.send('eval every "An $even(n) | $odd(n)";\ntest odd 3;\neval fibsys "?msd_golden Ax Ey y=x+1";\n');
    await second.waitFor(/fibsys: true/);
    assert.match(second.screen().replace(/logic> /g, ''), /^every: true$[\s\S]*^1\n11\n101$/m);
    second.send('exit;\n');
    assert.equal(await second.exited, 0);
  } finally {
    second.kill();
  }
});

test('the same Walnut 6 session piped into sprague logic --library DIR prints the same; the next process finds its def', () => {
  // --library names a folder that exists (SPRAGUE_LOGIC_LIBRARY, above, makes its own).
  const lib = mkdtempSync(join(tmpdir(), 'pipe-lib-'));
  const first = runCli(['logic', '--library', lib], { input: `${WALNUT_SESSION}\n` });
  assert.equal(first.status, 0, first.stderr);
  checkWalnutSession(first.stdout, lib);
  const second = runCli(['logic', '--library', lib], { input: 'eval every "An $even(n) | $odd(n)";\ntest odd 3;\n' });
  assert.equal(second.status, 0, second.stderr);
  assert.equal(second.stdout, 'every: true\n1\n11\n101\n');
});

test('the REPL: Ctrl-C stops the command running (the engine reads the stop flag) and keeps the session itself, definitions and all', { skip: hasScript ? false : 'no util-linux script for a pseudo-terminal' }, async () => {
  // The engine reads the flag in its products and projections, but its first ~0.3 s of CPU on this command
  // (building the multipliers) reads none, which a loaded machine stretches past the REPL's half-second
  // grace: with a minute's grace, ending the session can only mean the engine ignored the flag.
  const t = terminal({ SPRAGUE_GRACE_MS: '60000' });
  try {
    await t.waitFor(/logic> /);
    t.send('def odd "E k n=2*k+1";\n');
    await t.waitFor(/odd: 2 states/);
    // Not finished in 20 s of CPU. Its line echoed means the REPL has handed it to the session's worker.
    t.send('eval s "?msd_10 Ea,b,c a=123457*b+7654321*c & b=98765*c+3";\n');
    await t.waitFor(/eval s .*;\n/);
    t.send('\x03');
    await t.waitFor(/sprague: interrupted: eval s/);
    t.send('eval t "E n $odd(n) & n>10";\n');
    await t.waitFor(/t: true/);
    assert.doesNotMatch(t.screen(), /setting up the session again/, 'the session was kept, not rebuilt');
    t.send('\x04');
    assert.equal(await t.exited, 0);
  } finally {
    t.kill();
  }
});

test('the REPL: a second Ctrl-C ends the command at once with its worker; the session is set up again from its definitions', { skip: hasScript ? false : 'no util-linux script for a pseudo-terminal' }, async () => {
  const t = terminal();
  try {
    await t.waitFor(/logic> /);
    t.send('def odd "E k n=2*k+1";\n');
    await t.waitFor(/odd: 2 states/);
    t.send('eval s "?msd_10 Ea,b,c a=123457*b+7654321*c & b=98765*c+3";\n');
    await t.waitFor(/eval s .*;\n/);
    t.send('\x03\x03');
    await t.waitFor(/sprague: interrupted: eval s/);
    await t.waitFor(/setting up the session again: 1 earlier definition/);
    t.send('eval t "E n $odd(n) & n>10";\n');
    await t.waitFor(/t: true/);
    t.send('\x04');
    assert.equal(await t.exited, 0);
  } finally {
    t.kill();
  }
});
