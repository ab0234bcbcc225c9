/**
 * Checks the stages a logic admissibility run kept (`sprague admissible SET --method logic --checkpoint
 * DIR`) against brute force in a box: after the axis pass and after each layer pass, the candidates
 * the automaton holds must be exactly the sorted positions of [0,N]^3 outside P that have no move to P
 * keeping a coordinate and whose move to the top of each chain tried so far joins two elements of P
 * (or is not among the near moves). P comes from the fixed point of the morphism (deciding-game-
 * invariance, Theorems 48, 52, 58), P - P from pairs of P-positions in [0,M]^3: a subset of the true
 * one, so a position the automaton keeps that brute force drops is checked exactly (differenceMember).
 * Run: node dist/bench/logic-stages.js SET DIR [--small N] [--big M]   (SET: tribonacci, raleigh, gtrib:S)
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprint } from '../src/automata/bytes.js';
import { differenceMember } from '../src/logic/admissibility/differences.js';
import { DirectoryStages } from '../src/logic/checkpoint.js';
import { logicSetOf } from '../src/logic/games.js';
import { holds, Predicate } from '../src/logic/predicate.js';
import { permutationsOf } from '../src/logic/tuple-automata.js';
import { fixedPoint } from '../src/invariance/reference.js';

const args = process.argv.slice(2);
const valueOf = (flag: string, fallback: number) => (args.includes(flag) ? Number(args[args.indexOf(flag) + 1]) : fallback);
const [name, dir] = args;
if (!name || !dir) throw new Error('usage: node dist/bench/logic-stages.js SET DIR [--small N] [--big M]');
const small = valueOf('--small', 40);
const big = valueOf('--big', 3000);

const morphisms: Record<string, number[][]> = {
  tribonacci: [[1, 2], [1, 3], [1]],
  raleigh: [[1, 2], [3], [1, 2]],
};
const g = /^gtrib:(\d+)$/.exec(name);
const images = g ? [[...new Array<number>(Number(g[1])).fill(1), 2], [1, 3], [1]] : morphisms[name];
if (!images) throw new Error(`no morphism known for ${name}`);

// The sorted P-positions t_0 = 0 < t_1 < ... (the k-th occurrences of the letters 1, 2, 3).
const word = fixedPoint(images, 4 * big + 100);
const at: number[][] = [[], [], []];
word.forEach((a, i) => at[a - 1]!.push(i + 1));
const chain: number[][] = [[0, 0, 0]];
for (let k = 0; at.every((list) => list[k] !== undefined && list[k]! <= big); k++) chain.push([at[0]![k]!, at[1]![k]!, at[2]![k]!]);
const perms = permutationsOf(3);
const P = chain.flatMap((t) => perms.map((perm) => perm.map((j) => t[j]!)));
const key = (x: number, y: number, z: number) => (x * (big + 1) + y) * (big + 1) + z;
const inP = new Set(P.map((t) => key(t[0]!, t[1]!, t[2]!)));
const differences = new Set<number>();
for (const i of P) {
  for (const j of P) {
    const m = [j[0]! - i[0]!, j[1]! - i[1]!, j[2]! - i[2]!];
    if (m.every((v) => v >= 0 && v <= small)) differences.add(key(m[0]!, m[1]!, m[2]!));
  }
}

const set = logicSetOf(name);
const sys = set.tracks[0]!.system!;
const exact = differenceMember(set.dfa, sys, 3);
const prefix = `${fingerprint(set.dfa)}-${sys.name}-`;
// The identity the CLI and bench/logic-admissibility.ts seal their stages with.
const stages = new DirectoryStages(dir, { set: name, method: 'logic' });
const files = readdirSync(dir).filter((f) => f.startsWith(prefix) && f.endsWith('.dfa'));
const chainFile = (i: number) => files.find((f) => new RegExp(`-below-\\d+-layer-0-chain-${i}\\.dfa$`).test(f));
const below = Number(/-below-(\d+)-/.exec(chainFile(0) ?? '-below-0-')![1]);
console.log(`${name}: ${chain.length} sorted P-positions up to ${big}; checking [0,${small}]^3 against ${join(dir, prefix)}*`);

// Candidates in brute force: sorted, outside P, no move to P keeping a coordinate.
let candidates: number[][] = [];
for (let x = 0; x <= small; x++) {
  for (let y = x; y <= small; y++) {
    for (let z = y; z <= small; z++) {
      if (inP.has(key(x, y, z))) continue;
      const p = [x, y, z];
      if (!P.some((q) => q.every((v, c) => v <= p[c]!) && q.some((v, c) => v === p[c]))) candidates.push(p);
    }
  }
}

const compare = (stage: string, file: string | undefined) => {
  if (!file) {
    console.log(`  ${stage}: not kept`);
    return false;
  }
  const R = new Predicate(set.tracks, stages.load(file.replace(/\.dfa$/, ''))!);
  const kept = new Set(candidates.map((p) => p.join(',')));
  let extra = 0;
  let missing = 0;
  for (let x = 0; x <= small; x++) {
    for (let y = x; y <= small; y++) {
      for (let z = y; z <= small; z++) {
        const inR = holds(R, [x, y, z]);
        const want = kept.has(`${x},${y},${z}`);
        if (inR && !want) extra++;
        if (!inR && want) missing++;
      }
    }
  }
  const few = kept.size > 0 && kept.size <= 8 ? ` (${[...kept].map((t) => `(${t})`).join(' ')})` : '';
  console.log(`  ${stage}: ${kept.size} candidates by brute force${few}; automaton keeps ${extra} more, drops ${missing}${extra + missing === 0 ? ': agree' : ': DISAGREE'}`);
  return true;
};

compare('axis pass', files.find((f) => f.endsWith('-axis.dfa')));
let beyond = 0;
for (let i = 0; i < perms.length; i++) {
  const perm = perms[i]!;
  beyond = 0;
  candidates = candidates.filter((p) => {
    // The top of chain π below p: the last t with π(t) <= p (π(t)_c = t_{π(c)}).
    let k = 0;
    while (k + 1 < chain.length && perm.every((j, c) => chain[k + 1]![j]! <= p[c]!)) k++;
    const m = perm.map((j, c) => p[c]! - chain[k]![j]!);
    if (m.every((v) => v >= below)) return true;
    if (differences.has(key(m[0]!, m[1]!, m[2]!))) return true;
    const far = exact(m.map(BigInt));
    if (far) beyond++;
    return far;
  });
  if (beyond > 0) console.log(`    (${beyond} moves are differences of P-positions beyond [0,${big}]^3, found by differenceMember)`);
  if (!compare(`chain ${i} (π = ${perm.join('')})`, chainFile(i))) break;
}
