/**
 * Walnut-style commands run in order against one library: `eval NAME "φ";`, `def NAME "φ";`
 * (stores φ for later `$NAME(...)`), `reg NAME ns.. "regex";`, `macro NAME "body";` (`#NAME(a,b)`
 * substitutes %0, %1, ...) and `load FILE;`. Word automata (`W[x]`) are read from
 * `<root>/Word Automata Library/W.txt` when a root folder is given, or registered directly.
 */
import { existsSync } from 'node:fs';
import { readRegularFile } from '../core/files.js';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import { toDot } from '../automata/dot.js';
import { trimmedStateCount } from '../numeration/build.js';
import { Compiler, type Library, type WordAutomaton } from './compile.js';
import { parseFormula } from './parser.js';
import { type Limits, Predicate, radixOf, type Track } from './predicate.js';
import { compileRegex } from './regex.js';
import { parseTransducer, transduceWord } from './transduce.js';
import { joinWords, type Sign, splitWord } from './split.js';
import { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { product } from '../automata/ops.js';
import { type LetterMorphism, morphicWordDfao, parseMorphism, uniformFixedPointDfao, uniformLength } from '../words/automatic.js';
import { NumerationSystem } from '../numeration/system.js';
import { runAutomatonCommand } from './commands.js';
import { formatWalnutAutomaton, parseWalnutAutomaton, trackOfToken } from './walnut-format.js';
import { formatMaple, incidenceMatrices } from './incidence.js';
import { STANDARD_WORDS } from './standard-words.js';

export interface CommandResult {
  verb: string;
  name: string;
  /** For a sentence, whether it holds; null for a formula with free variables (or reg/macro). */
  result: boolean | null;
  /** States of the trimmed minimal automaton (Walnut's count: no rejecting sink). */
  states: number;
  /** The free variables, in track order. */
  variables: string[];
  predicate?: Predicate;
  /** State counts of the intermediate automata, in the order they were built. */
  steps?: { what: string; states: number }[];
  /** For `eval NAME i n "φ"`: Walnut's incidence matrices of the listed variables, as Maple text. */
  mpl?: string;
}

export interface SessionOptions extends Limits {
  /** A folder laid out like Walnut's (Word Automata Library/, Command Files/, ...). */
  root?: string;
  /** Reads a file of the library by its path relative to the root (overrides root when given). */
  readFile?: (path: string) => string | undefined;
  /**
   * Receives each file Walnut would write under its root, by path relative to the root: for now the
   * incidence matrices `Result/NAME.mpl`. Without it nothing is written (the text is in the result).
   */
  writeFile?: (path: string, text: string) => void;
}

/** Splits `verb name rest;` into its parts; a missing terminator is Walnut's "Invalid command.". */
export function splitCommand(text: string): { verb: string; name: string; rest: string; terminator: string } {
  const m = /^\s*([A-Za-z]+)\s+([^\s"]+)\s*([\s\S]*?)\s*(::|:|;)\s*$/.exec(text);
  if (!m) throw new InputError('Invalid command.');
  return { verb: m[1]!, name: m[2]!, rest: m[3]!, terminator: m[4]! };
}

/** The text between the first and the last double quote, which ends the command (as in Walnut: nothing may follow it). */
function quoted(rest: string, what: string): { before: string; body: string } {
  const a = rest.indexOf('"');
  const b = rest.lastIndexOf('"');
  if (a < 0 || b <= a) throw new InputError(`${what}: expected a quoted formula`);
  const after = rest.slice(b + 1).trim();
  if (after !== '') throw new InputError(`${what}: unexpected ${JSON.stringify(after)} after the quoted formula`);
  return { before: rest.slice(0, a).trim(), body: rest.slice(a + 1, b) };
}

/** Splits on commas at parenthesis depth 0. */
function splitArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of text) {
    if (c === '(' || c === '[') depth++;
    if (c === ')' || c === ']') depth--;
    if (c === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

/**
 * Walnut-style commands (`eval`, `def`, `reg`, `macro`, `load`) run in order against one library of
 * predicates, words and macros.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class Session implements Library {
  private readonly predicates = new Map<string, Predicate>();
  private readonly words = new Map<string, WordAutomaton>();
  private readonly macros = new Map<string, string>();
  private readonly morphisms = new Map<string, LetterMorphism>();

  constructor(private readonly options: SessionOptions = {}) {}

  predicate(name: string): Predicate | undefined {
    return this.predicates.get(name);
  }

  /** A word defined in this session, else the library folder's file, else Walnut's standard word of that name. */
  word(name: string): WordAutomaton | undefined {
    let w = this.words.get(name);
    if (w) return w;
    const text = this.readLibraryFile(`Word Automata Library/${name}.txt`);
    if (text === undefined) return standardWord(name);
    const parsed = parseWalnutAutomaton(text);
    w = { tracks: parsed.tracks, dfa: parsed.dfa };
    this.words.set(name, w);
    return w;
  }

  private readLibraryFile(path: string): string | undefined {
    if (this.options.readFile) return this.options.readFile(path);
    if (!this.options.root) return undefined;
    const file = join(this.options.root, path);
    return existsSync(file) ? readRegularFile('the library file', file) : undefined;
  }

  /** Registers a word automaton (a DFAO) for W[...] in later formulas. */
  defineWord(name: string, w: WordAutomaton): void {
    this.words.set(name, w);
  }

  /** Registers a predicate for $name(...) in later formulas. */
  definePredicate(name: string, p: Predicate): void {
    this.predicates.set(name, p);
  }

  /** Expands #name(args) macros (repeatedly, for macros that call macros). */
  expandMacros(text: string): string {
    for (let round = 0; round < 20; round++) {
      const m = /#([A-Za-z_][A-Za-z0-9_]*)\(/.exec(text);
      if (!m) return text;
      const start = m.index;
      let depth = 0;
      let end = start + m[0].length - 1;
      for (; end < text.length; end++) {
        if (text[end] === '(') depth++;
        if (text[end] === ')' && --depth === 0) break;
      }
      const body = this.macros.get(m[1]!);
      if (body === undefined) throw new InputError(`no macro named #${m[1]}`);
      const args = splitArgs(text.slice(start + m[0].length, end));
      const expanded = body.replace(/%(\d+)/g, (_, i: string) => args[Number(i)] ?? '');
      text = text.slice(0, start) + expanded + text.slice(end + 1);
    }
    throw new InputError('macros nested too deeply');
  }

  /**
   * Registers the custom bases a command names (msd_X or lsd_X that sprague does not build in)
   * from `Custom Bases/msd_X.txt`, `msd_X_addition.txt` and `msd_X_less_than.txt`.
   */
  private loadCustomBases(text: string): void {
    for (const m of text.matchAll(/\b(?:msd|lsd)_([A-Za-z0-9_]+)/g)) {
      const stem = m[1]!;
      if (NumerationSystem.isKnown(`msd_${stem}`)) continue;
      const read = (suffix: string) => {
        const t = this.readLibraryFile(`Custom Bases/msd_${stem}${suffix}.txt`);
        return t === undefined ? undefined : parseWalnutAutomaton(t);
      };
      const validity = read('');
      const addition = read('_addition');
      const lessThan = read('_less_than');
      if (!validity || !addition || !lessThan) continue;
      const base = validity.tracks[0]!.system ? validity.tracks[0]!.system.base : validity.tracks[0]!.alphabet!.length;
      NumerationSystem.defineCustom(`msd_${stem}`, { base, validity: validity.dfa, addition: addition.dfa, lessThan: lessThan.dfa });
    }
  }

  private morphism(name: string, verb: string): LetterMorphism {
    const h = this.morphisms.get(name);
    if (!h) throw new InputError(`${verb}: no morphism named ${name} (define it with morphism first)`);
    return h;
  }

  /**
   * `image NAME h SRC`: the word h(SRC) for a k-uniform h, as a DFAO in SRC's system, through the
   * formulas W[n] = c iff ∃m,r n = k m + r ∧ r < k ∧ h(SRC[m])[r] = c.
   */
  private imageWord(name: string, h: LetterMorphism, src: string): WordAutomaton {
    const w = this.word(src);
    if (!w) throw new InputError(`image ${name}: no word automaton named ${src}`);
    const k = uniformLength(h);
    if (k === undefined) throw new InputError(`image ${name}: the morphism must be uniform`);
    const t = w.tracks[0];
    if (w.tracks.length !== 1 || !t?.system) throw new InputError(`image ${name}: ${src} must have one arithmetic track`);
    const cases = new Map<number, string[]>();
    for (const a of w.dfa.reachableOutputs()) {
      const img = h.get(a);
      if (!img) continue;
      img.forEach((c, r) => {
        const list = cases.get(c) ?? [];
        list.push(`(${src}[m]=@${a} & r=${r})`);
        cases.set(c, list);
      });
    }
    const n = { name: 'n', system: t.system };
    let dfa = Dfa.from(1, t.system.base, () => 0, () => 0);
    for (const [c, list] of [...cases].reverse()) {
      const compiler = new Compiler(this, this.options);
      const p = compiler.formula(parseFormula(`?${t.system.name} Em,r n = ${k}*m + r & r < ${k} & (${list.join(' | ')})`));
      const pd = p.tracks.length === 1 ? p.dfa : Dfa.from(1, t.system.base, () => 0, () => (p.truth ? 1 : 0));
      dfa = minimise(product(pd, dfa, (x, y) => (x !== 0 ? c : y)));
    }
    return { tracks: [{ ...n, name: '#00' }], dfa };
  }

  /** Runs one command. */
  run(command: string): CommandResult {
    this.loadCustomBases(command);
    const { verb, name, rest } = splitCommand(command);
    switch (verb) {
      case 'eval':
      case 'def': {
        const { before, body } = quoted(rest, `${verb} ${name}`);
        const tree = parseFormula(this.expandMacros(body));
        const compiler = new Compiler(this, this.options);
        // `eval NAME i n "φ"` also asks for the incidence matrices of i and n (Walnut's Result/NAME.mpl).
        const matrixVars = before.split(/\s+/).filter((x) => x.length > 0);
        if (matrixVars.some((v) => !/^[a-z][A-Za-z0-9_]*$/.test(v))) throw new InputError('Invalid use of the eval/def command.');
        const p = compiler.formula(tree);
        const mpl = matrixVars.length > 0 ? formatMaple(incidenceMatrices(p.tracks, p.dfa, matrixVars)) : undefined;
        if (verb === 'def') this.predicates.set(name, p);
        if (mpl !== undefined) this.options.writeFile?.(`Result/${name}.mpl`, mpl);
        return { ...this.result(verb, name, p, compiler.trace.steps), ...(mpl !== undefined ? { mpl } : {}) };
      }
      case 'reg': {
        const { before, body } = quoted(rest, `reg ${name}`);
        const tokens = before.match(/\{[^}]*\}|\S+/g) ?? [];
        if (tokens.length === 0) throw new InputError(`reg ${name}: name the numeration system or alphabet of each track`);
        const tracks: Track[] = tokens.map((t, i) => trackOfToken(t, i));
        const dfa = compileRegex(body, tracks);
        const p = new Predicate(tracks, dfa);
        this.predicates.set(name, p);
        return this.result(verb, name, p);
      }
      case 'macro': {
        const { body } = quoted(rest, `macro ${name}`);
        this.macros.set(name, body);
        return { verb, name, result: null, states: 0, variables: [] };
      }
      case 'morphism': {
        const { body } = quoted(rest, `morphism ${name}`);
        this.morphisms.set(name, parseMorphism(body, `morphism ${name}`));
        return { verb, name, result: null, states: 0, variables: [] };
      }
      case 'promote': {
        const h = this.morphism(rest.trim(), verb);
        // Uniform: base k (as Walnut); otherwise Proposition 56 in the system of |h^n(0)| (beyond Walnut).
        let w: WordAutomaton;
        if (uniformLength(h) !== undefined) {
          const { base, dfa } = uniformFixedPointDfao(h);
          w = { tracks: [{ name: '#00', system: NumerationSystem.byName(`msd_${base}`) }], dfa };
        } else {
          const { system, dfa } = morphicWordDfao(h, 0);
          w = { tracks: [{ name: '#00', system }], dfa };
        }
        this.words.set(name, w);
        return this.result(verb, name, new Predicate(w.tracks, w.dfa));
      }
      case 'image': {
        const [hName, src] = rest.trim().split(/\s+/);
        const w = this.imageWord(name, this.morphism(hName ?? '', verb), src ?? '');
        this.words.set(name, w);
        return this.result(verb, name, new Predicate(w.tracks, w.dfa));
      }
      case 'split':
      case 'rsplit': {
        // split NAME W[+][-]; rsplit NAME[+][-] W.
        const m = verb === 'split' ? /^()\s*([A-Za-z0-9_]+)((?:\[[+-]?\])+)$/.exec(rest.trim()) : /^((?:\[[+-]?\])+)\s+([A-Za-z0-9_]+)$/.exec(`${/(\[.*)$/.exec(name)?.[1] ?? ''} ${rest.trim()}`);
        if (!m) throw new InputError(`${verb}: expected ${verb === 'split' ? 'split NAME W[+][-]' : 'rsplit NAME[+][-] W'}`);
        const resultName = name.replace(/\[.*$/, '');
        const signs = ((verb === 'split' ? m[3] : m[1])!.match(/\[([+-]?)\]/g) ?? []).map((x) => x.slice(1, -1) as Sign);
        const src = this.word(m[2]!);
        if (!src) throw new InputError(`${verb} ${resultName}: no word automaton named ${m[2]}`);
        const w = splitWord(src, signs, verb === 'rsplit', `${verb} ${resultName}`);
        this.words.set(resultName, w);
        return this.result(verb, resultName, new Predicate(w.tracks, w.dfa));
      }
      case 'join': {
        const parts = [...rest.matchAll(/([A-Za-z0-9_]+)((?:\[[A-Za-z0-9_]+\])+)/g)].map((m) => {
          const w = this.word(m[1]!);
          if (!w) throw new InputError(`join ${name}: no word automaton named ${m[1]}`);
          return { w, vars: (m[2]!.match(/[A-Za-z0-9_]+/g) ?? []) };
        });
        if (parts.length === 0) throw new InputError(`join ${name}: expected words with indices, e.g. A[a][b] B[a][b]`);
        const w = joinWords(parts, `join ${name}`);
        this.words.set(name, w);
        return this.result(verb, name, new Predicate(w.tracks, w.dfa));
      }
      case 'transduce': {
        const [tName, src] = rest.trim().split(/\s+/);
        const text = this.readLibraryFile(`Transducer Library/${tName}.txt`);
        if (text === undefined) throw new InputError(`transduce ${name}: no transducer ${tName} in the Transducer Library folder`);
        const w = src?.startsWith('$') ? this.predicates.get(src.slice(1)) : this.word(src ?? '');
        if (!w) throw new InputError(`transduce ${name}: no automaton named ${src}`);
        const sys = w.tracks[0]?.system;
        if (!sys || w.tracks.length !== 1) throw new InputError('Error transducing automaton');
        const valid = (sys.msd ? sys : sys.reversed).validity();
        const r = transduceWord(parseTransducer(text, `transducer ${tName}`), { tracks: w.tracks, dfa: w.dfa }, valid, this.options.maxStates);
        this.words.set(name, r);
        return this.result(verb, name, new Predicate(r.tracks, r.dfa));
      }
      case 'load': {
        const file = `Command Files/${name}`;
        const text = this.readLibraryFile(file);
        if (text === undefined) throw new InputError(`load ${name}: no file ${file} in the library folder`);
        let last: CommandResult = { verb, name, result: null, states: 0, variables: [] };
        for (const cmd of splitCommandFile(text)) last = this.run(cmd);
        return last;
      }
      default: {
        const r = runAutomatonCommand(verb, name, rest, this, this.options);
        if (!r) throw new InputError(`the command ${verb} is not supported`);
        if (r.kind === 'word') this.words.set(name, { tracks: r.tracks, dfa: r.dfa });
        const p = new Predicate(r.tracks, r.dfa);
        if (r.kind === 'predicate') this.predicates.set(name, p);
        return this.result(verb, name, p);
      }
    }
  }

  private result(verb: string, name: string, p: Predicate, steps?: { what: string; states: number }[]): CommandResult {
    const sentence = p.tracks.length === 0;
    return {
      verb,
      name,
      result: sentence ? p.truth : null,
      states: sentence ? 1 : trimmedStateCount(p.dfa),
      variables: p.tracks.map((t) => t.name),
      predicate: p,
      ...(steps ? { steps } : {}),
    };
  }
}

const standardWords = new Map<string, WordAutomaton>();

/** Walnut's standard word `name` (standard-words.ts), built once per process by its commands in a session of its own. */
export function standardWord(name: string): WordAutomaton | undefined {
  const known = standardWords.get(name);
  if (known) return known;
  if (!Object.hasOwn(STANDARD_WORDS, name)) return undefined;
  const session = new Session();
  let last: CommandResult | undefined;
  for (const command of STANDARD_WORDS[name]!.commands) last = session.run(command);
  const w = { tracks: last!.predicate!.tracks, dfa: last!.predicate!.dfa };
  standardWords.set(name, w);
  return w;
}

/**
 * Walnut's command-file rule: cut each line at its first terminator; a line without one is glued to the next.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function splitCommandFile(text: string): string[] {
  const out: string[] = [];
  let pending = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    const m = /^(.*?)(::|:|;)/.exec(line);
    if (!m) {
      pending += line;
      continue;
    }
    out.push(pending + m[1]! + m[2]!);
    pending = '';
  }
  return out;
}

/** The DOT picture of a command's automaton, letters written as digit tuples. */
export function commandDot(r: CommandResult): string {
  const p = r.predicate;
  if (!p) return 'digraph empty {}\n';
  // A sentence reads no letters: one state, its truth, and no edge (a loop would need a label for "no tuple").
  if (p.tracks.length === 0) {
    const truth = p.dfa.output[p.dfa.start] !== 0;
    return toDot(p.dfa, { name: r.name, stateLabel: () => String(truth), doubleCircle: () => truth, edges: false });
  }
  const radices = p.tracks.map(radixOf);
  return toDot(p.dfa, {
    name: r.name,
    letterName: (L) => {
      let rest = L;
      const ds = p.tracks.map((t, i) => {
        const d = rest % radices[i]!;
        rest = Math.floor(rest / radices[i]!);
        return t.system ? d : t.alphabet![d];
      });
      return ds.length === 1 ? String(ds[0]) : `[${ds.join(',')}]`;
    },
    doubleCircle: (o) => o !== 0,
  });
}

/** Walnut's text format of a command's automaton. */
export function commandText(r: CommandResult): string {
  if (!r.predicate) return '';
  return formatWalnutAutomaton(r.predicate.tracks, r.predicate.dfa);
}
