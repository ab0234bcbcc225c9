/**
 * `sprague logic` with no QUERY on a terminal: the REPL (issue 23 item 4), driven through a real
 * pseudo-terminal made by util-linux `script`; skipped where there is none.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitCommands } from '../../src/cli/logic-repl.js';

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
