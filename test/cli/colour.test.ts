/** The CLI's colours: util.styleText's codes on a terminal, the text alone otherwise (not a terminal, NO_COLOR). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { colour } from '../../src/cli/io.js';

test('colour: the ANSI codes the CLI wrote by hand before styleText, and none when off', () => {
  const was = colour.enabled;
  try {
    colour.enabled = true;
    // styleText colours whatever stream it is given here (validateStream: false): the check is colour.enabled's.
    assert.equal(colour.bold('P'), '\x1b[1mP\x1b[22m');
    assert.equal(colour.dim('P'), '\x1b[2mP\x1b[22m');
    assert.equal(colour.green('P'), '\x1b[32mP\x1b[39m');
    assert.equal(colour.red('P'), '\x1b[31mP\x1b[39m');
    colour.enabled = false;
    for (const paint of [colour.bold, colour.dim, colour.green, colour.red]) assert.equal(paint('P'), 'P');
  } finally {
    colour.enabled = was;
  }
});
