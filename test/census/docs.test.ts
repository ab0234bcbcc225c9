/**
 * docs/cli.md and docs/census.md name every flag of the census commands (as `--help` lists them) and every
 * family kind, so a flag added to the command cannot go undocumented.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.js';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

test('docs/cli.md documents every flag of census run, fingerprint, show, report, reproduce, site, worker and serve --db; both pages name every family', () => {
  const cli = read('docs/cli.md');
  const census = read('docs/census.md');
  for (const command of [['census', 'run'], ['census', 'fingerprint'], ['census', 'show'], ['census', 'report'], ['census', 'reproduce'], ['census', 'site'], ['worker'], ['serve']]) {
    const help = runCli([...command, '--help']).stdout;
    const flags = [...help.matchAll(/^\s+(--[a-z-]+)/gm)].map((m) => m[1]!).filter((f) => f !== '--help');
    assert.ok(flags.length >= 2, help);
    for (const flag of flags) assert.ok(cli.includes(`\`${flag}`) || cli.includes(` ${flag} `) || cli.includes(`[${flag}`), `${command.join(' ')} ${flag} is in docs/cli.md`);
  }
  for (const family of ['octal:D', 'octal-tables:D', 'octal-6111:N', 'octal-0n7:N', 'grundy', 'hex:D', 'subtraction:K', 'rewrite:E', 'rewrite:@FILE', 'wythoff:L', 'push:S1;S2;...']) {
    assert.ok(cli.includes(`\`${family}`), `${family} in docs/cli.md`);
    assert.ok(census.includes(`\`${family}`), `${family} in docs/census.md`);
  }
});
