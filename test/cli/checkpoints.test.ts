/**
 * Checkpoints are never trusted blindly (issue 24, item 1): through the CLI, each of the three formats
 * (rewrite lengths, the PUSH CRAM transposition table, the logic stage automata) is damaged in the ways
 * the audit found (flipped bits, edited metadata, value bytes, a stage's outputs zeroed, a checkpoint of
 * another computation, one written before checksums); each gives exit 2 and one line naming the file,
 * and an undamaged checkpoint still resumes to the answer of a fresh run.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runCli, type CliResult } from '../helpers/cli.js';

const root = mkdtempSync(join(tmpdir(), 'sprague-checkpoints-'));
after(() => rmSync(root, { recursive: true, force: true }));
let copies = 0;

/** A fresh copy of a checkpoint (folder or file), to damage. */
function copyOf(path: string): string {
  const to = join(root, `copy-${copies++}`);
  cpSync(path, to, { recursive: true });
  return to;
}

/** The offset of the body of a sealed file (after its header line) and its length (before the checksum line). */
function body(file: string): { start: number; end: number; bytes: Buffer } {
  const bytes = readFileSync(file);
  const start = bytes.indexOf(10) + 1;
  return { start, end: bytes.length - 72, bytes };
}

function refused(r: CliResult, file: string | RegExp, why: RegExp = /./): void {
  assert.equal(r.status, 2, `exit ${r.status}: ${r.stderr}${r.stdout}`);
  assert.equal(r.stdout, '', 'no result');
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0]!, /^sprague: /);
  if (typeof file === 'string') assert.ok(lines[0]!.includes(file), `${lines[0]} names ${file}`);
  else assert.match(lines[0]!, file);
  assert.match(lines[0]!, why);
}

test('lengths --checkpoint: flipped bits, an edited meta.json, a swapped length file, another rule set or an old folder give exit 2 naming the file; an intact one resumes', () => {
  const dir = join(root, 'lengths');
  const spec = 'rewrite:a,a2,b';
  const first = runCli(['lengths', spec, '--max', '9', '--json', '--checkpoint', dir]);
  assert.equal(first.status, 0, first.stderr);
  const rerun = (d: string, extra: string[] = []) => runCli(['lengths', spec, '--max', '11', '--json', '--checkpoint', d, '--threads', '1', ...extra]);
  const fresh = runCli(['lengths', spec, '--max', '11', '--json']);
  assert.deepEqual(rerun(copyOf(dir)).lines, fresh.lines, 'an intact checkpoint resumes to the fresh answer');

  // One bit of the values of length 7: the old code printed other counts, exit 0.
  let d = copyOf(dir);
  let f = join(d, 'length-07.bin');
  let b = body(f);
  b.bytes[b.start + 5]! ^= 1;
  writeFileSync(f, b.bytes);
  refused(rerun(d), f, /damaged/);

  // The checksum line itself.
  d = copyOf(dir);
  f = join(d, 'length-03.bin');
  b = body(f);
  b.bytes[b.bytes.length - 3]! ^= 4;
  writeFileSync(f, b.bytes);
  refused(rerun(d), f, /damaged/);

  // meta.json: a statistic edited in place (same length), then the rules in its header.
  d = copyOf(dir);
  f = join(d, 'meta.json');
  const meta = readFileSync(f, 'utf8');
  assert.ok(meta.includes('"maxGrundy":0'));
  writeFileSync(f, meta.replace('"maxGrundy":0', '"maxGrundy":1'));
  refused(rerun(d), f, /damaged/);
  writeFileSync(f, meta.replace('"rules":"a,a2,b"', '"rules":"a,a2,c"'));
  refused(rerun(d), f, /written for rules "a,a2,c", not "a,a2,b"/);

  // A sealed file of another length in place of length 5.
  d = copyOf(dir);
  cpSync(join(d, 'length-04.bin'), join(d, 'length-05.bin'));
  refused(rerun(d), join(d, 'length-05.bin'), /holds length 4, not length 5/);

  // Another rule set, and a folder written before checksums (old meta.json and raw values).
  refused(runCli(['lengths', 'rewrite:a,b', '--max', '4', '--checkpoint', copyOf(dir)]), /meta\.json/, /written for rules "a,a2,b", not "a,b"/);
  d = join(root, 'old-lengths');
  cpSync(dir, d, { recursive: true });
  writeFileSync(join(d, 'meta.json'), JSON.stringify({ format: 1, rules: 'a,a2,b', lengths: first.lines }));
  refused(rerun(d), join(d, 'meta.json'), new RegExp(`no checksum.*delete ${d} and run again`));
});

test('grundy pushcram --checkpoint: value bytes, key bits, the problem in the header, another board or an old table give exit 2 naming the file; an intact one resumes', () => {
  const file = join(root, 'pushcram-3x10.tt');
  const first = runCli(['grundy', 'pushcram', '3x10', '--json', '--checkpoint', file]);
  assert.equal(first.status, 0, first.stderr);
  assert.deepEqual(runCli(['grundy', 'pushcram', '3x10', '--json', '--checkpoint', copyOf(file)]).lines, first.lines);
  const run = (f: string, board = '3x10') => runCli(['grundy', 'pushcram', board, '--json', '--checkpoint', f]);

  // Every value byte set to 1 (the last ninth of the body), as the audit did on a complete 3x15 table.
  let f = copyOf(file);
  let b = body(f);
  const n = (b.end - b.start) / 9;
  assert.ok(Number.isInteger(n) && n > 100);
  b.bytes.fill(1, b.start + 8 * n, b.end);
  writeFileSync(f, b.bytes);
  refused(run(f), f, /damaged/);

  // One bit of one key.
  f = copyOf(file);
  b = body(f);
  b.bytes[b.start + 8 * 17 + 2]! ^= 0x10;
  writeFileSync(f, b.bytes);
  refused(run(f), f, /damaged/);

  // The problem in the header edited to another board's, and a table of another board.
  f = copyOf(file);
  writeFileSync(f, readFileSync(f, 'latin1').replace('3x10', '3x11'), 'latin1');
  refused(run(f, '3x11'), f, /damaged/);
  refused(run(copyOf(file), '3x9'), /pushcram-3x10|copy-/, /written for problem "pushcram kernel3-grundy 3x10", not "pushcram kernel3-grundy 3x9"/);

  // A table written before checksums (its old JSON header line).
  f = copyOf(file);
  b = body(f);
  const old = Buffer.concat([Buffer.from(JSON.stringify({ format: 'sprague-grids-tt', version: 1, problem: 'pushcram kernel3-grundy 3x10', keyType: 'number', count: n }) + '\n'), b.bytes.subarray(b.start, b.end)]);
  writeFileSync(f, old);
  refused(run(f), f, /no checksum.*delete/);
});

test('admissible --method logic --checkpoint: a stage with its outputs zeroed, a flipped bit, or the stages of another set give exit 2 naming the file; intact ones resume (Example 44)', () => {
  const dir = join(root, 'logic');
  // deciding-game-invariance, Example 44: P_w of 1 -> 112, 2 -> 121 is not 1-admissible, witness (1,2).
  const set = 'morphic:1->112,2->121';
  const args = (d: string) => ['admissible', set, '--method', 'logic', '--checkpoint', d, '--json'];
  const first = runCli(args(dir));
  assert.equal(first.status, 0, first.stderr);
  assert.equal(first.lines[0].admissible, false);
  assert.deepEqual(first.lines[0].witness, [1, 2]);
  const again = runCli(args(copyOf(dir)));
  assert.equal(again.status, 0, again.stderr);
  const { resumed, ...rest } = again.lines[0];
  assert.ok(Array.isArray(resumed) && resumed.length > 0);
  assert.deepEqual(rest, first.lines[0]);

  // The outputs of one stage zeroed: the old code answered "admissible, certified".
  // A layer pass's pieces (`-piece-N`) are read only while their pass is unfinished; once the pass is
  // kept, a rerun starts from it, so damage to a piece is never read (and never a result).
  const stages = readdirSync(dir).filter((f) => f.endsWith('.dfa') && !f.includes('-piece-'));
  for (const stage of stages) {
    const d = copyOf(dir);
    const f = join(d, stage);
    const b = body(f);
    const n = b.bytes.readInt32LE(b.start + 12);
    b.bytes.fill(0, b.start + 20, b.start + 20 + 4 * n);
    writeFileSync(f, b.bytes);
    refused(runCli(args(d)), f, /damaged/);
  }
  const d = copyOf(dir);
  const f = join(d, stages[0]!);
  const b = body(f);
  b.bytes[b.end - 1]! ^= 0x80;
  writeFileSync(f, b.bytes);
  refused(runCli(args(d)), f, /damaged/);

  // A pass not kept yet resumes from its pieces: a damaged piece is refused too.
  const piece = readdirSync(dir).find((f) => /-chain-1-piece-1\.dfa$/.test(f));
  if (piece) {
    const d = copyOf(dir);
    rmSync(join(d, piece.replace(/-piece-1\.dfa$/, '.dfa')));
    const f = join(d, piece);
    const b = body(f);
    b.bytes[b.start + 24]! ^= 0x01;
    writeFileSync(f, b.bytes);
    refused(runCli(args(d)), f, /damaged/);
  }

  // The set named in a stage's header edited: refused for the set, before the checksum is read.
  const mine = copyOf(dir);
  const stage = stages.find((s) => s.endsWith('-axis.dfa'))!;
  writeFileSync(join(mine, stage), readFileSync(join(mine, stage), 'latin1').replace('"set":"morphic:1->112,2->121"', '"set":"morphic:1->121,2->112"'), 'latin1');
  refused(runCli(args(mine)), join(mine, stage), /written for set "morphic:1->121,2->112"/);

  // Stages written before checksums.
  const oldDir = copyOf(dir);
  const oldFile = join(oldDir, stage);
  const ob = body(oldFile);
  writeFileSync(oldFile, ob.bytes.subarray(ob.start, ob.end));
  refused(runCli(args(oldDir)), oldFile, new RegExp(`no checksum.*delete ${oldDir} and run again`));
});

test('a checkpoint folder or file that cannot be made is refused at once with one line, never a hang (/proc)', () => {
  refused(runCli(['lengths', 'rewrite:a,b', '--max', '3', '--checkpoint', '/proc/sprague-x/y'], { timeoutMs: 20_000 }), '/proc/sprague-x/y', /cannot create/);
  refused(runCli(['admissible', 'wythoff', '--method', 'logic', '--checkpoint', '/proc/sprague-x/y'], { timeoutMs: 20_000 }), '/proc/sprague-x/y', /cannot create/);
  refused(runCli(['grundy', 'pushcram', '3x4', '--checkpoint', '/proc/sprague-x/t.tt'], { timeoutMs: 20_000 }), '/proc/sprague-x/t.tt', /no folder/);
  const file = join(root, 'a-file');
  writeFileSync(file, '');
  refused(runCli(['lengths', 'rewrite:a,b', '--max', '3', '--checkpoint', join(file, 'sub')]), file, /not a folder/);
  refused(runCli(['grundy', 'pushcram', '3x4', '--checkpoint', root]), root, /not a file/);
});
