/**
 * `sprague rewrite ...`: the computational objects of seed taking-and-merging beside enumeration —
 * confluence (Theorem 6), its pushdown automaton, the non-regularity family (Theorem 5), octal codes
 * as rewrite rules (Example 1) and the Turing machine compiler (section 5).
 */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { rewriteRulesOf, type Ruleset } from '../../core/ruleset.js';
import { Solver } from '../../core/solver.js';
import { takeAndBreakCode } from '../../games/heaps/take-and-break/code.js';
import { TakeAndBreakGame } from '../../games/heaps/take-and-break/game.js';
import { parseSpec, parsePosition } from '../../spec/index.js';
import { RewriteGame } from '../../games/rewrite/game.js';
import { confluentReduction, formatTransition, runPushdown, confluencePushdown } from '../../games/rewrite/confluence.js';
import { enumerateByLengthSync } from '../../games/rewrite/enumerate.js';
import { decodeWord } from '../../games/rewrite/packed.js';
import { checkNonRegularity } from '../../games/rewrite/nonregular.js';
import { takingAndMerging } from '../../games/rewrite/blocks.js';
import { describeCls, familyWeights, parseFamily, proveFamily, variableCount } from '../../games/rewrite/block-families.js';
import { familySeparations, nonRegularLanguages, separationWords } from '../../regular/separations.js';
import { grundyOfHeapWords, octalDigits, octalRewriteRules } from '../../games/rewrite/octal.js';
import { compileTuringMachine, forcedPlay, haltingWord, runMachine } from '../../games/rewrite/turing.js';
import { type RewriteRule, compressWord, formatRule } from '../../games/rewrite/rules.js';
import { emitJson, emitLine, formatTable, parseCount, readUserFile } from '../io.js';
import type { CommandModule } from './index.js';

/** A rewrite game and its rules, or an InputError naming the game. */
function rewriteGame(spec: string): { game: Ruleset<string>; rules: readonly RewriteRule[] } {
  const game = parseSpec(spec);
  const rules = rewriteRulesOf(game);
  if (!rules) throw new InputError(`${game.name} is not a rewrite game (rewrite:RULES)`);
  return { game, rules };
}

const show = (w: string) => (w === '' ? 'ε' : compressWord(w));

export const rewriteCommand: CommandModule = {
  register(program: Command) {
    const cmd = program.command('rewrite').description('taking-and-merging paper objects: confluence, pushdown automaton, Theorem 5, octal codes, Turing machines');

    cmd
      .command('confluence')
      .description('Theorem 6: G(w) for {a^k, b^l} in linear time by stack reduction, and by the pushdown automaton')
      .argument('<spec>', 'a game rewrite:aK,bL')
      .argument('<words...>', 'words like a2bab3')
      .option('--json', 'JSON Lines output')
      .action((spec: string, words: string[], flags: { json?: boolean }) => {
        const { game, rules } = rewriteGame(spec);
        const pda = confluencePushdown(rules);
        const rows = words.map((text) => {
          const word = parsePosition(game, text) as string;
          const r = confluentReduction(rules, word);
          return { word: show(word), grundy: r.grundy, moves: r.moves, normalForm: show(r.normalForm), pushdown: runPushdown(pda, word) };
        });
        if (flags.json) rows.forEach((r) => emitJson(r));
        else emitLine(formatTable(['word', 'grundy', 'moves', 'normal form', 'pushdown state'], rows.map((r) => [r.word, r.grundy, r.moves, r.normalForm, r.pushdown])));
      });

    cmd
      .command('pushdown')
      .description('Theorem 6: the pushdown automaton of the proof, checked against enumeration of all words up to --check')
      .argument('<spec>', 'a game rewrite:aK,bL')
      .option('--check <n>', 'compare with the Grundy values of every word of length <= n', '12')
      .option('--json', 'JSON Lines output')
      .action((spec: string, flags: { check: string; json?: boolean }) => {
        const { rules } = rewriteGame(spec);
        const pda = confluencePushdown(rules);
        const n = parseCount('--check', flags.check);
        const table = enumerateByLengthSync(rules, n);
        let words = 0;
        const disagreements: string[] = [];
        for (let len = 0; len <= n; len++) {
          const vals = table.ofLength(len);
          for (let w = 0; w < vals.length; w++, words++) {
            const word = decodeWord(table.layout, len, w);
            if (runPushdown(pda, word) !== vals[w]) disagreements.push(show(word));
          }
        }
        const transitions = pda.transitions.map(formatTransition);
        const result = { states: 2, stackSymbols: pda.stackAlphabet.length, transitions, checkedUpTo: n, words, agrees: disagreements.length === 0, disagreements: disagreements.slice(0, 10) };
        if (flags.json) return emitJson(result);
        transitions.forEach((t) => emitLine(t));
        emitLine(`${transitions.length} transitions; ${words} words of length <= ${n}: ${result.agrees ? 'all agree with enumeration' : `${disagreements.length} disagree, e.g. ${disagreements[0]}`}`);
      });

    cmd
      .command('theorem5')
      .description('Theorem 5: b^(l1-1)(a b^(l1-1))^i (b a^(k1-1))^j is a P-position iff i >= j')
      .argument('<spec>', 'a taking-and-merging game without a -> ε and b -> ε, e.g. rewrite:a2,b3')
      .option('--i-max <n>', 'largest i', '10')
      .option('--j-max <n>', 'largest j', '10')
      .option('--json', 'JSON Lines output')
      .action((spec: string, flags: { iMax: string; jMax: string; json?: boolean }) => {
        const { rules } = rewriteGame(spec);
        const cases = checkNonRegularity(rules, parseCount('--i-max', flags.iMax), parseCount('--j-max', flags.jMax));
        const wrong = cases.filter((c) => c.outcome !== c.expected);
        if (flags.json) {
          cases.forEach((c) => emitJson({ ...c, word: show(c.word) }));
          emitJson({ checked: cases.length, agrees: wrong.length === 0 });
          return;
        }
        emitLine(`${cases.length} words checked: ${wrong.length === 0 ? 'P iff i >= j holds for all' : `${wrong.length} counterexamples, e.g. i=${wrong[0]!.i} j=${wrong[0]!.j}`}`);
      });

    cmd
      .command('family')
      .description('Grundy values of a family of words such as a b^i a^j b, proved for every i, j by induction; the Grundy languages it proves not regular (Question 16)')
      .argument('<spec>', 'a taking-and-merging game on two letters, e.g. rewrite:a,a2,b,b2')
      .argument('<pattern>', 'blocks separated by spaces, each a letter with an optional ^number or ^variable, e.g. "a b^i a^j b"')
      .option('--json', 'JSON Lines output')
      .action((spec: string, pattern: string, flags: { json?: boolean }) => {
        const { rules } = rewriteGame(spec);
        const game = takingAndMerging(rules);
        const { family, names } = parseFamily(game, pattern);
        const proof = proveFamily(game, family);
        const seps = familySeparations(game, proof);
        const t = proof.types;
        const rows = proof.verdict.verified
          ? [...proof.tables[0]!.values].map(([key, grundy]) => {
              const [lens, diffs] = key.split('|');
              return { lengths: lens!.split(',').filter((x) => x !== '').map(Number), differences: diffs!.split(',').filter((x) => x !== '').map(Number), grundy };
            })
          : [];
        // The smallest instance: prefixes 0 and 1 against the suffix chosen for prefix 1.
        const separations = seps.map((s) => {
          const earlier = separationWords(game, proof, s, 0, 1);
          return { ...s, example: { prefixes: [earlier.prefix, separationWords(game, proof, s, 1, 1).prefix], suffix: earlier.suffix } };
        });
        const result = {
          pattern,
          proved: proof.verdict.verified,
          ...(proof.verdict.verified ? { c: t.c, p: t.p, families: proof.verdict.families, points: proof.verdict.points } : { reason: proof.verdict.reason }),
          nonRegular: nonRegularLanguages(seps),
        };
        if (flags.json) {
          emitJson(result);
          rows.forEach((r) => emitJson(r));
          separations.forEach((s) => emitJson(s));
          return;
        }
        if (!proof.verdict.verified) return emitLine(`no proof: ${proof.verdict.reason}`);
        const V = variableCount(family);
        emitLine(`G(${pattern}) proved for every ${names.join(', ')} >= 1: induction over ${proof.verdict.families} families of words, the mex equation checked at ${proof.verdict.points} points`);
        const w = familyWeights(family, t);
        const term = (i: number) => `${w[i] === 1 ? '' : w[i]}${names[i]}`;
        const diff = V === 2 ? `the difference ${term(0)} - ${term(1)}` : 'differences';
        emitLine(t.c === 0 ? `types: each length by its residue mod ${t.p}` : `types: each length exact below ${t.c}, then by residue mod ${t.p}; ${diff} exact within ±${t.c}`);
        // With c = 0 the differences are not read: no columns for them.
        const pairs = t.c === 0 ? [] : names.flatMap((_, i) => names.slice(i + 1).map((__, j) => `${term(i)}-${term(i + 1 + j)}`));
        emitLine(
          formatTable(
            [...names, ...pairs, 'grundy'],
            rows
              .sort((a, b) => a.lengths.join().localeCompare(b.lengths.join(), undefined, { numeric: true }) || a.differences[0]! - b.differences[0]!)
              .map((r) => [...r.lengths.map((k) => describeCls(k, t)), ...(t.c === 0 ? [] : r.differences.map((d) => (Math.abs(d) < t.c || V < 2 ? `${d}` : d > 0 ? `>= ${d}` : `<= ${d}`))), r.grundy]),
          ),
        );
        if (seps.length === 0) return emitLine('no Grundy language is proved not regular by this family');
        emitLine(`not regular: ${nonRegularLanguages(seps).map((g) => `L_${g}`).join(', ')}`);
        for (const s of separations) {
          emitLine(
            `  L_${s.languages[0]}, L_${s.languages[1]}: the prefixes with ${names[0]} = ${s.x0} + ${s.qx}m are pairwise inequivalent: after prefix m', the suffix with ${names[1]} = ${s.y0} + ${s.qy}m' gives ${s.near}, after any earlier prefix ${s.far} (e.g. G(${show(s.example.prefixes[1]!)} ${show(s.example.suffix)}) = ${s.near}, G(${show(s.example.prefixes[0]!)} ${show(s.example.suffix)}) = ${s.far})`,
          );
        }
      });

    cmd
      .command('octal')
      .description("Waldmann's encoding: the rewrite rules of an octal game, and G(b a^n b) against the octal game")
      .argument('<code>', 'an octal code like 0.37 or 0.07')
      .option('--max <n>', 'largest heap', '40')
      .option('--json', 'JSON Lines output')
      .action((code: string, flags: { max: string; json?: boolean }) => {
        const rules = octalRewriteRules(code);
        const max = parseCount('--max', flags.max);
        const viaRewrite = grundyOfHeapWords(rules, max);
        const game = new TakeAndBreakGame(takeAndBreakCode([0, ...octalDigits(code)]));
        const solver = new Solver();
        const octal = viaRewrite.map((_, n) => solver.grundy(game, [n]));
        const agrees = viaRewrite.every((g, n) => g === octal[n]);
        const spec = `rewrite:${rules.map((r) => (r.rhs === '' && r.lhs.length > 0 && [...r.lhs].every((c) => c === r.lhs[0]) ? formatRule(r) : `${r.lhs}->${r.rhs}`)).join(',')}`;
        if (flags.json) {
          emitJson({ code, spec });
          viaRewrite.forEach((g, n) => emitJson({ n, rewrite: g, octal: octal[n] }));
          emitJson({ agrees });
          return;
        }
        emitLine(`${code} = ${spec}`);
        emitLine(`G(b a^n b), n = 0..${max}: ${viaRewrite.join(' ')}`);
        emitLine(agrees ? 'equal to the octal game for every heap' : 'DIFFERS from the octal game');
      });

    cmd
      .command('turing')
      .description('Section 5: compile a Turing machine (JSON) into rules (2)-(11); play the word of Proposition 28')
      .argument('<file>', 'machine JSON: states, start, accept, reject, tape, leftMarker, blank, transitions')
      .option('--max-steps <n>', 'run the machine at most this long', '1000')
      .option('--run <r>', 'length of each # run in the word (default 2^(m+1))')
      .option('--rules', 'print the rules')
      .option('--json', 'JSON Lines output')
      .action((file: string, flags: { maxSteps: string; run?: string; rules?: boolean; json?: boolean }) => {
        const text = readUserFile('the machine', file);
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch (e) {
          throw new InputError(`the machine ${file} is not JSON: ${(e as Error).message.split('\n')[0]}`);
        }
        const compiled = compileTuringMachine(json);
        const run = runMachine(json, parseCount('--max-steps', flags.maxSteps));
        const out: Record<string, unknown> = { rules: compiled.rules.length, halts: run.steps !== undefined };
        if (flags.rules) out['ruleList'] = compiled.rules.map((r, i) => ({ equation: compiled.equation[i], rule: `${r.lhs}->${r.rhs}` }));
        if (run.steps !== undefined) {
          const m = run.steps;
          const word = haltingWord(compiled, m, flags.run === undefined ? undefined : parseCount('--run', flags.run));
          const game = new RewriteGame(compiled.rules);
          const play = forcedPlay((w) => game.options(w), word);
          Object.assign(out, { steps: m, haltingState: run.state, word, length: word.length, moves: play.words.length - 1, forced: play.forced, outcome: (play.words.length - 1) % 2 === 1 ? 'N' : 'P' });
          if (!play.forced) out['outcome'] = new Solver().outcome(game, word);
        }
        if (flags.json) return emitJson(out);
        for (const [k, v] of Object.entries(out)) {
          if (k === 'ruleList') (v as { equation: number; rule: string }[]).forEach((r) => emitLine(`  (${r.equation}) ${r.rule}`));
          else emitLine(`${k}: ${v}`);
        }
      });
  },
};
