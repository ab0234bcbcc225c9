/**
 * Section 5 of seed taking-and-merging: a deterministic Turing machine T compiled into a strongly
 * terminating rewrite game G (rules (2)-(11)) and a star-free start language L = $ ⊳A q0 (# + β)*
 * (12) such that L holds an N-position iff T halts on the empty word (Theorem 20).
 *
 * Letters are single characters: `#`, the head symbols ⊲A ⊲B ⊳A ⊳B written » › « ‹ (» and › point
 * right, « and ‹ left: `q » α` reads α, `α « q` reads α), and one character per state and tape
 * symbol (its own name when that is a free single character, else one assigned here).
 */
import { InputError } from '../../core/errors.js';
import { RESERVED, type RewriteRule } from './rules.js';

/** A machine in the small JSON format: transitions are [state, read, next, write, "L" | "R"]. */
export interface TuringMachineJson {
  states: string[];
  start: string;
  accept: string;
  reject: string;
  tape: string[];
  leftMarker: string;
  blank: string;
  transitions: [string, string, string, string, 'L' | 'R'][];
}

export const HEAD = { rightA: '»', rightB: '›', leftA: '«', leftB: '‹' } as const;
export const ERASABLE = '#';

export interface CompiledMachine {
  rules: RewriteRule[];
  /** The letter of each state and of each tape symbol. */
  stateLetter: Record<string, string>;
  tapeLetter: Record<string, string>;
  /** $ ⊳A q0, the fixed prefix of every start word (12). */
  startPrefix: string;
  blank: string;
  /** Which equation of section 5 each rule instantiates, in the order of `rules`. */
  equation: number[];
}

/** Checks the JSON shape and the paper's assumptions (deterministic; δ(q, $) = (r, $, ⊲)). */
export function parseMachine(json: unknown): TuringMachineJson {
  const fail = (why: string): never => {
    throw new InputError(`bad Turing machine: ${why}`);
  };
  if (typeof json !== 'object' || json === null) fail('expected a JSON object');
  const m = json as Partial<TuringMachineJson>;
  const strings = (x: unknown, what: string) =>
    Array.isArray(x) && x.length > 0 && x.every((s) => typeof s === 'string' && s.length > 0)
      ? (x as string[])
      : fail(`"${what}" must be a non-empty list of names`);
  const states = strings(m.states, 'states');
  const tape = strings(m.tape, 'tape');
  for (const [key, list] of [
    ['start', states],
    ['accept', states],
    ['reject', states],
    ['leftMarker', tape],
    ['blank', tape],
  ] as const) {
    const v = (m as Record<string, unknown>)[key];
    if (typeof v !== 'string' || !list.includes(v)) fail(`"${key}" must name one of ${JSON.stringify(list)}`);
  }
  if (new Set(states).size !== states.length || new Set(tape).size !== tape.length) fail('repeated state or tape symbol');
  if (!Array.isArray(m.transitions)) fail('"transitions" must be a list of [state, read, next, write, "L"|"R"]');
  const halting = new Set([m.accept!, m.reject!]);
  const seen = new Set<string>();
  m.transitions!.forEach((t, i) => {
    const at = `transition ${i + 1}`;
    if (!Array.isArray(t) || t.length !== 5) fail(`${at}: expected [state, read, next, write, "L"|"R"]`);
    const [p, a, q, g, d] = t;
    if (!states.includes(p) || !states.includes(q)) fail(`${at}: unknown state`);
    if (!tape.includes(a) || !tape.includes(g)) fail(`${at}: unknown tape symbol`);
    if (d !== 'L' && d !== 'R') fail(`${at}: the move must be "L" or "R"`);
    if (halting.has(p)) fail(`${at}: no transition may leave a halting state`);
    if (seen.has(`${p}\u0000${a}`)) fail(`${at}: a second transition from (${p}, ${a}): the machine must be deterministic`);
    seen.add(`${p}\u0000${a}`);
    if (a === m.leftMarker && (g !== m.leftMarker || d !== 'R')) fail(`${at}: on the left marker the machine must write it back and move right`);
  });
  return m as TuringMachineJson;
}

/** The letters: names kept when they are free single characters, others assigned. */
function assignLetters(machine: TuringMachineJson): { state: Record<string, string>; tape: Record<string, string> } {
  const taken = new Set<string>([ERASABLE, ...Object.values(HEAD)]);
  const usable = (c: string) => [...c].length === 1 && c.length === 1 && !RESERVED.has(c) && !/[\d\s]/.test(c) && !taken.has(c);
  const names = [...machine.tape.map((s) => ['tape', s] as const), ...machine.states.map((s) => ['state', s] as const)];
  const out = { state: {} as Record<string, string>, tape: {} as Record<string, string> };
  for (const [kind, name] of names) {
    if (usable(name)) {
      out[kind][name] = name;
      taken.add(name);
    }
  }
  let next = 0x100; // Latin Extended-A onwards: single UTF-16 units, never reserved
  for (const [kind, name] of names) {
    if (out[kind][name] !== undefined) continue;
    while (taken.has(String.fromCharCode(next))) next++;
    out[kind][name] = String.fromCharCode(next);
    taken.add(String.fromCharCode(next++));
  }
  return out;
}

/**
 * Rules (2)-(11) of section 5.1 for the machine.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function compileTuringMachine(json: unknown): CompiledMachine {
  const machine = parseMachine(json);
  const letters = assignLetters(machine);
  const Q = (s: string) => letters.state[s]!;
  const T = (s: string) => letters.tape[s]!;
  const { rightA: RA, rightB: RB, leftA: LA, leftB: LB } = HEAD;
  const h = ERASABLE;
  const rules: RewriteRule[] = [];
  const equation: number[] = [];
  const add = (eq: number, lhs: string, rhs: string) => {
    rules.push({ lhs, rhs });
    equation.push(eq);
  };
  for (const state of machine.states) {
    const q = Q(state);
    add(2, `${h}${h}${h}${h}${LA}${q}`, `${h}${LB}${q}${h}${h}`);
    add(3, `${h}${LB}${q}`, `${LA}${q}`);
    add(4, `${q}${RA}${h}${h}${h}${h}`, `${h}${h}${q}${RB}${h}`);
    add(5, `${q}${RB}${h}`, `${q}${RA}`);
  }
  const halting = new Set([machine.accept, machine.reject]);
  for (const [ps, as, qs, gs, d] of machine.transitions) {
    const [p, alpha, q, gamma] = [Q(ps), T(as), Q(qs), T(gs)];
    if (halting.has(qs)) {
      add(10, `${alpha}${LA}${p}`, q);
      add(11, `${p}${RA}${alpha}`, q);
    } else if (d === 'L') {
      add(6, `${h}${h}${h}${h}${alpha}${LA}${p}`, `${h}${LB}${q}${h}${h}${gamma}`);
      add(7, `${h}${h}${h}${h}${p}${RA}${alpha}`, `${h}${LB}${q}${h}${h}${gamma}`);
    } else {
      add(8, `${alpha}${LA}${p}${h}${h}${h}${h}`, `${gamma}${h}${h}${q}${RB}${h}`);
      add(9, `${p}${RA}${alpha}${h}${h}${h}${h}`, `${gamma}${h}${h}${q}${RB}${h}`);
    }
  }
  return {
    rules,
    stateLetter: letters.state,
    tapeLetter: letters.tape,
    startPrefix: `${T(machine.leftMarker)}${LA}${Q(machine.start)}`,
    blank: T(machine.blank),
    equation,
  };
}

/**
 * The word of Proposition 28, $ ⊳A q0 (#^r β)^m, with r = 2^(m+1) by default. The text prints
 * #2(m+1); read as r = 2(m+1) the word is a P-position for every machine tried with m even (a run of
 * #'s is crossed 4 at a time and halves at each crossing, so r must stay divisible by 4 through up
 * to m crossings), so the exponent is read as 2^(m+1), which the tests confirm. `run` overrides it.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function haltingWord(compiled: CompiledMachine, m: number, run = 2 ** (m + 1)): string {
  return compiled.startPrefix + (ERASABLE.repeat(run) + compiled.blank).repeat(m);
}

export interface MachineRun {
  /** Steps until T halts (the transition into a halting state counts), or undefined past maxSteps. */
  steps: number | undefined;
  state: string;
}

/**
 * Runs T on the empty word (tape $ β β ...).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function runMachine(json: unknown, maxSteps: number): MachineRun {
  const m = parseMachine(json);
  const delta = new Map(m.transitions.map((t) => [`${t[0]}\u0000${t[1]}`, t] as const));
  const tape = [m.leftMarker];
  let head = 0;
  let state = m.start;
  for (let step = 0; step < maxSteps; step++) {
    if (state === m.accept || state === m.reject) return { steps: step, state };
    const t = delta.get(`${state}\u0000${tape[head] ?? m.blank}`);
    if (!t) return { steps: undefined, state }; // stuck: no transition, T never halts in F
    tape[head] = t[3];
    state = t[2];
    head += t[4] === 'R' ? 1 : -1;
    if (head < 0) return { steps: undefined, state };
  }
  return state === m.accept || state === m.reject ? { steps: maxSteps, state } : { steps: undefined, state };
}

export interface ForcedPlay {
  /** The words w0, w1, ..., wn of the play. */
  words: string[];
  /** True when no position of the play had two or more options (Proposition 23). */
  forced: boolean;
  /** The first position with several options, when not forced. */
  branching?: string;
}

/**
 * Plays from w0 while exactly one move is possible (Proposition 23: always, from words of L).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function forcedPlay(options: (w: string) => string[], w0: string, maxMoves = 1_000_000): ForcedPlay {
  const words = [w0];
  for (let i = 0; i < maxMoves; i++) {
    const opts = options(words[words.length - 1]!);
    if (opts.length === 0) return { words, forced: true };
    if (opts.length > 1) return { words, forced: false, branching: words[words.length - 1]! };
    words.push(opts[0]!);
  }
  throw new InputError(`the play from ${w0} is longer than ${maxMoves} moves`);
}
