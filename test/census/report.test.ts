import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LocalExecutor } from '../../src/executors/local.js';
import { parseFamily } from '../../src/census/families.js';
import { lastExceptionalHeap, reportHtml, reportMarkdown, reportSections } from '../../src/census/report.js';
import type { FamilyRow } from '../../src/census/row.js';
import { parseTakeAndBreakCode } from '../../src/games/heaps/take-and-break/code.js';
import { takeAndBreakSequence } from '../../src/games/heaps/take-and-break/sequence.js';
import { runCensus } from '../../src/census/run.js';
import { CensusStore } from '../../src/census/store.js';

async function census(family: string, bound: number) {
  const f = parseFamily(family);
  const store = CensusStore.open(':memory:');
  const executor = new LocalExecutor(2);
  try {
    await runCensus(store, f, bound, executor, { automaton: { maxStates: 40, budgetMs: 20_000 } });
  } finally {
    await executor.close();
  }
  const sections = reportSections(store.summary(f.name, bound), store.rows(f.name, bound));
  store.close();
  return sections;
}

const table = (md: string, title: string): string[] => {
  const start = md.indexOf(`## ${title}\n`);
  assert.ok(start >= 0, `no section ${title}`);
  const end = md.indexOf('\n## ', start + 1);
  return md.slice(start, end < 0 ? undefined : end).split('\n').filter((l) => l.startsWith('| '));
};

test('report of subtraction:4: longest periods first, the equivalence classes, Markdown and HTML', async () => {
  const sections = await census('subtraction:4', 100);
  const md = reportMarkdown('Census of subtraction:4 to 100', sections);
  assert.match(md, /^# Census of subtraction:4 to 100\n/);
  assert.match(md, /15 games, bound 100: 15 done, 0 open, 0 failed/);
  const longest = table(md, 'Longest certified periods');
  // header, then subtraction:4 (period 8: 0000 1111) before subtraction:3,4 (period 7).
  assert.equal(longest[0], '| game | period | preperiod | last exceptional heap | largest value | games |');
  assert.equal(longest[2], '| subtraction:4 | 8 | 0 | - | 1 | 1 |');
  assert.match(longest[3]!, /^\| subtraction:(3,4|1,3,4) \| 7 \|/);
  // One row per class: subtraction:1,3 plays as subtraction:1 (period 2) and is counted with it.
  const period2 = longest.filter((l) => / \| 2 \| 0 \| - \| 1 \| /.test(l));
  assert.deepEqual(period2, ['| subtraction:1 | 2 | 0 | - | 1 | 2 |']);
  const classes = table(md, 'Equivalence classes');
  assert.ok(classes.some((l) => /^\| subtraction:1 \| 2 \| subtraction:1,3 \|$/.test(l)), classes.join('\n'));
  assert.match(md, /No certified period at the bound\n\nEvery sequence has a certified period\./);
  const html = reportHtml('Census <of> subtraction:4', sections);
  assert.match(html, /<title>Census &lt;of&gt; subtraction:4<\/title>/);
  assert.match(html, /<tr><td>subtraction:4<\/td><td class="n">8<\/td>/);
  assert.ok(!html.includes('<of>'));
});

test('report of rewrite:2: automata proved with their state counts, Theorem 5 games, open ones with a lower bound', async () => {
  const md = reportMarkdown('r', await census('rewrite:2', 10));
  assert.match(md, /proved regular, \d+ not regular by a theorem of the paper/);
  const proved = table(md, 'Proved regular');
  assert.ok(proved.includes('| rewrite:a2,b | 4 | 0,1 | rewrite:a,b2 | Theorem 6, Remark 7 |'), proved.join('\n'));
  const nonRegular = table(md, 'Not regular by a theorem of the paper');
  assert.ok(nonRegular.includes('| rewrite:a2,b2 | Theorem 5, Theorem 6 | 1 |'), nonRegular.join('\n'));
  const above = table(md, 'Lower bounds above the state cap');
  assert.ok(above.some((l) => l.startsWith('| rewrite:a,a2,b,b2 | ')), above.join('\n'));
});

test('Markdown cells escape the pipe', () => {
  const md = reportMarkdown('t', [{ title: 's', header: ['a'], rows: [['x|y']] }]);
  assert.match(md, /\| x\\\|y \|/);
});

test("lastExceptionalHeap (Flammenkamp's last exceptional value) is the largest n with G(n) != G(n+p), read off the values: 0.07 52, 0.4 53, 0.17 32, 0.137 51; none when periodic from 0", () => {
  const seen: Record<string, number | undefined> = {};
  for (const code of ['0.07', '0.4', '0.17', '0.137', '0.156', '0.3']) {
    const r = takeAndBreakSequence(parseTakeAndBreakCode(code), 12_000);
    const { period, preperiod } = r.period!;
    let last: number | undefined;
    for (let n = 0; n + period < r.values.length; n++) if (r.values[n] !== r.values[n + period]) last = n;
    const row = { spec: `octal:${code}`, certified: true, period, preperiod } as FamilyRow;
    assert.deepEqual(lastExceptionalHeap(row), last === undefined ? undefined : { heap: last, apparent: false }, code);
    seen[code] = last;
  }
  assert.deepEqual(seen, { '0.07': 52, '0.4': 53, '0.17': 32, '0.137': 51, '0.156': 3478, '0.3': undefined });
  // An apparent period gives an apparent last exception; no period, none.
  assert.deepEqual(lastExceptionalHeap({ certified: false, apparentPeriod: 4, apparentPreperiod: 10 } as FamilyRow), { heap: 9, apparent: true });
  assert.equal(lastExceptionalHeap({ certified: false } as FamilyRow), undefined);
});

test('report of open take-and-break games: each row says what its own run cost (wall, CPU, peak memory as stored)', async () => {
  // 0.16, 0.56 and 0.376 have long preperiods: open at 300 heaps.
  const f = parseFamily('octal:2');
  const store = CensusStore.open(':memory:');
  const executor = new LocalExecutor(1);
  try {
    await runCensus(store, f, 300, executor, {});
  } finally {
    await executor.close();
  }
  const rows = store.rows(f.name, 300);
  const md = reportMarkdown('o', reportSections(store.summary(f.name, 300), rows));
  store.close();
  const open = table(md, 'No certified period at the bound');
  assert.match(open[0]!, /\| last run \| why not \|$/);
  const body = open.slice(2);
  assert.ok(body.length > 0, 'octal:2 has games open at 300 heaps');
  for (const line of body) assert.match(line, /\| \d+\.\d s wall, \d+\.\d s CPU, \d+ MB peak \|/, line);
});
