/**
 * `sprague logic` with no QUERY on a terminal: the REPL (issue 23 item 4), driven through a real
 * pseudo-terminal made by util-linux `script`; skipped where there is none.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { splitCommands } from '../../src/cli/logic-repl.js';

test('splitCommands: terminators ; : :: outside quotes end commands, the rest waits', () => {
  assert.deepEqual(splitCommands('eval a "x=1"; def b "y=2":: eval c "E x x:1'), { commands: ['eval a "x=1";', 'def b "y=2"::'], rest: 'eval c "E x x:1' });
  assert.deepEqual(splitCommands('eval t "a;b";'), { commands: ['eval t "a;b";'], rest: '' });
  assert.deepEqual(splitCommands(' ; ;'), { commands: [], rest: '' });
});

const entry = fileURLToPath(new URL('../../src/cli/run.js', import.meta.url));
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;

/** A terminal session: `send` types, `waitFor` waits until the screen shows a pattern. */
function terminal() {
  const child = spawn('script', ['-qfec', `'${process.execPath}' '${entry}' logic`, '/dev/null'], { env: { ...process.env, NO_COLOR: '1' } });
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
  } finally {
    t.kill();
  }
});

test('the REPL: Ctrl-C stops the command running (the engine reads the stop flag) and keeps the session itself, definitions and all', { skip: hasScript ? false : 'no util-linux script for a pseudo-terminal' }, async () => {
  const t = terminal();
  try {
    await t.waitFor(/logic> /);
    t.send('def odd "E k n=2*k+1";\n');
    await t.waitFor(/odd: 2 states/);
    // Far more than the second below (not finished in 20 s of CPU).
    t.send('eval s "?msd_10 Ea,b,c a=123457*b+7654321*c & b=98765*c+3";\n');
    await t.waitFor(/eval s .*;\n/);
    await new Promise((r) => setTimeout(r, 1000));
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
    await new Promise((r) => setTimeout(r, 1000));
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
