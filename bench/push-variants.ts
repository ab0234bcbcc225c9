/**
 * Issue 34, part 3: which theorems of push-the-button about R1 ⊙ R2 carry over to the variants of the switch
 * (section 6; `push:VARIANT`, docs/specs.md). For each switch (the paper's button and the four variants) and
 * each theorem, by the general solver on small positions: holds (checked to N), or the first counterexample.
 * Also the analogues of Proposition 2.1.4 proved in docs/open-questions.md, on the same pairs of games.
 *
 *   node dist/bench/push-variants.js [BOX=12] [N=60]
 *
 * Set theorems are compared on 0 <= a <= b <= N (all are symmetric). Prints one JSON line per cell; asserts nothing (test/analysis/push-variants.test.ts holds the table).
 */
import { PUSH_VARIANTS } from '../src/core/compounds.js';
import { findPeriod } from '../src/core/period.js';
import { checkPushRelations, checkSwitchAnalogues, heapBox, switchCompound, type RelationCheck, type Switch } from '../src/analysis/push-relations.js';
import { grundySequence } from '../src/analysis/sequence.js';
import { Solver } from '../src/core/solver.js';
import { pushSubtractionCertifier } from '../src/games/heaps/subtraction-sequence.js';
import { SubtractionGame } from '../src/games/heaps/subtraction.js';
import { parseSpec } from '../src/spec/index.js';
import { prop411, prop412, prop413, thm316, thm424Period } from '../test/helpers/push-paper.js';
import { lcg, randomSet, range } from '../test/helpers/plain.js';

const BOX = Number(process.argv[2] ?? 12);
const N = Number(process.argv[3] ?? 60);
const SWITCHES: Switch[] = ['push', ...PUSH_VARIANTS];
const GAMES = ['nim', 'wythoff', 'euclid', 'maharaja', 'wythoff+2,3', 'invariant:(1,0),(0,1)', 'invariant:(1,0),(0,1),(1,1)', 'zeruclid'];
const solver = new Solver();
const out = (row: object) => console.log(JSON.stringify(row));

for (const sw of SWITCHES) {
  // Lemma 2.1.1: R ⊙ R = R + * (values).
  let l211: string | undefined;
  for (const r of ['nim', 'wythoff', 'euclid']) {
    const rr = switchCompound(sw, parseSpec(r), parseSpec(r));
    const star = parseSpec(`sum(${r},nim)`);
    for (let a = 0; a <= BOX && !l211; a++)
      for (let b = 0; b <= BOX && !l211; b++) {
        const x = solver.grundy(rr, { phase: 0, g: [a, b] });
        const y = solver.grundy(star, [[a, b], [1]]);
        if (x !== y) l211 = `${r} at (${a},${b}): ${x} vs ${y}`;
      }
  }
  out({ switch: sw, theorem: 'Lemma 2.1.1', holds: !l211, checkedTo: BOX, counterexample: l211 });

  // Proposition 2.1.4 as the paper states it, and the switch's own analogues.
  const box = heapBox(2, BOX);
  for (const [what, check] of [
    ['Proposition 2.1.4', checkPushRelations],
    ['analogue of 2.1.4', checkSwitchAnalogues],
  ] as const) {
    const tally: Record<string, { applies: number; fails: number; first?: string }> = { i: { applies: 0, fails: 0 }, ii: { applies: 0, fails: 0 }, iii: { applies: 0, fails: 0 } };
    for (const a of GAMES)
      for (const b of GAMES) {
        const r = check(parseSpec(a), parseSpec(b), box, sw) as Record<string, RelationCheck>;
        for (const [part, c] of Object.entries(r)) {
          if (!c.hypothesis) continue;
          tally[part]!.applies++;
          if (c.conclusion === false) {
            tally[part]!.fails++;
            tally[part]!.first ??= `${a} ⊙ ${b} at (${c.counterexample})`;
          }
        }
      }
    for (const [part, t] of Object.entries(tally)) out({ switch: sw, theorem: `${what} (${part})`, checkedTo: BOX, pairs: GAMES.length ** 2, ...t });
  }

  // The closed forms of sections 3 and 4.
  for (const [theorem, r1, r2, inP] of [
    ['Theorem 3.1.6', 'nim', 'euclid', thm316(N)],
    ['Proposition 4.1.1', 'nim', 'wythoff', prop411],
    ['Proposition 4.1.2', 'euclid', 'nim', prop412],
    ['Proposition 4.1.3', 'wythoff', 'nim', prop413(N)],
  ] as const) {
    const rs = switchCompound(sw, parseSpec(r1), parseSpec(r2));
    const differ: string[] = [];
    for (let a = 0; a <= N; a++)
      for (let b = a; b <= N; b++) {
        const p = solver.outcome(rs, { phase: 0, g: [a, b] }) === 'P';
        if (p !== inP(a, b)) differ.push(`(${a},${b}) is ${p ? 'P' : 'N'}`);
      }
    out({ switch: sw, theorem, game: rs.name, holds: differ.length === 0, checkedTo: N, differ: differ.length, counterexamples: differ.slice(0, 4) });
  }

  // Theorem 4.2.4: the period of P(SUB{1..k1} ⊙ SUB{1..k2}); certified by the state argument of Theorem 4.2.3.
  const t424: string[] = [];
  let cases = 0;
  let samePeriod = 0;
  for (let k1 = 1; k1 <= 8; k1++)
    for (let k2 = 1; k2 <= 8; k2++) {
      cases++;
      const expected = thm424Period(k1, k2);
      const rs = switchCompound(sw, new SubtractionGame(range(k1)), new SubtractionGame(range(k2)));
      const o = grundySequence(rs, 8 * (k1 + 1) * (k2 + 1) + 60, { solver }).map((v) => (v === 0 ? 1 : 0));
      const f = findPeriod(o, pushSubtractionCertifier(k1, k2 + 1, k2 + 1));
      if (f.period === expected) samePeriod++;
      if (!f.certified) t424.push(`k1=${k1} k2=${k2}: no certified period`);
      else if (f.period !== expected || f.preperiod !== 0) t424.push(`k1=${k1} k2=${k2}: period ${f.period} preperiod ${f.preperiod}, formula ${expected}`);
    }
  out({ switch: sw, theorem: 'Theorem 4.2.4', holds: t424.length === 0, cases, fails: t424.length, samePeriod, counterexamples: t424.slice(0, 4) });

  // Theorem 4.2.3: outcomes of SUB(S) ⊙ R2 ultimately periodic, period and preperiod <= k 2^max(S).
  const rand = lcg(20261128);
  let checked = 0;
  let over = 0;
  let worst = 0;
  let firstOver: string | undefined;
  while (checked < 60) {
    const s = randomSet(rand, 1 + Math.floor(rand() * 5));
    const s2 = randomSet(rand, 1 + Math.floor(rand() * 5));
    const r2 = new SubtractionGame(s2);
    const o2 = grundySequence(r2, 300, { solver }).map((v) => (v === 0 ? 1 : 0));
    const p2 = findPeriod(o2, pushSubtractionCertifier(Math.max(...s2), 1, 0));
    if (!p2.certified || p2.preperiod !== 0) continue; // the theorem assumes R2 periodic from 0
    const k = p2.period!;
    const m = Math.max(...s);
    const bound = k * 2 ** m;
    const rs = switchCompound(sw, new SubtractionGame(s), r2);
    const o = grundySequence(rs, 3 * bound + 3 * m + 3 * Math.max(...s2) + 40, { solver }).map((v) => (v === 0 ? 1 : 0));
    const f = findPeriod(o, pushSubtractionCertifier(m, k, Math.max(...s2)));
    checked++;
    if (!f.certified) throw new Error(`${rs.name}: no certified period`);
    worst = Math.max(worst, Math.max(f.period!, f.preperiod!) / bound);
    if (f.period! > bound || f.preperiod! > bound) {
      over++;
      firstOver ??= `${rs.name}: period ${f.period}, preperiod ${f.preperiod} > ${bound}`;
    }
  }
  out({ switch: sw, theorem: 'Theorem 4.2.3', holds: over === 0, cases: checked, over, worstRatio: Number(worst.toFixed(3)), counterexample: firstOver });
}

