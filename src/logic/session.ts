/**
 * Walnut-style commands run in order against one library: `eval NAME "φ";`, `def NAME "φ";`
 * (stores φ for later `$NAME(...)`), `reg NAME ns.. "regex";`, `macro NAME "body";` (`#NAME(a,b)`
 * substitutes %0, %1, ...) and `load FILE;`. Word automata (`W[x]`) are read from
 * `<root>/Word Automata Library/W.txt` when a root folder is given, or registered directly.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readRegularFile } from '../core/files.js';
import { dirname, join } from 'node:path';
import { InputError } from '../core/errors.js';
import { toDot } from '../automata/dot.js';
import { trimmedStateCount } from '../numeration/build.js';
import { Compiler, type Library, type WordAutomaton } from './compile.js';
import { parseFormula } from './parser.js';
import { type Limits, Predicate, radixOf, type Track, trackKindName } from './predicate.js';
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
import { limitDefault } from '../core/limits.js';
import { formatMaple, incidenceMatrices } from './incidence.js';
import { STANDARD_WORDS } from './standard-words.js';
import { infiniteFamily, testWords } from './enumerate.js';
import { lexicographicLessThan, normaliseFraction, ostrowskiAutomata, parseBracketList } from './ostrowski.js';

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
  /** The tracks' systems or alphabets, in track order (a `reg` or a word automaton has no variable names). */
  tracks?: string[];
  /** What the command prints (test, inf, ost, draw), line by line. */
  output?: string[];
  /** The same as data for --json (accepted words, infinite, files written). */
  data?: Record<string, unknown>;
  /** `:` asks for the steps, `::` for the steps and the intermediate automata (Walnut's terminators). */
  show?: 'steps' | 'details';
}

export interface SessionOptions extends Limits {
  /** A folder laid out like Walnut's (Word Automata Library/, Command Files/, ...). */
  root?: string;
  /** Reads a file of the library by its path relative to the root (overrides root when given). */
  readFile?: (path: string) => string | undefined;
  /**
   * Receives each file Walnut would write under its root, by path relative to the root: results
   * (`Result/NAME.txt`, `.mpl`, `_log.txt`, `.gv`), definitions (`Automata Library/`, `Word Automata
   * Library/`, `Macro Library/`, `Morphism Library/`) and `ost` systems (`Custom Bases/`). Without it,
   * and without `save`, nothing is written (the text is in the result).
   */
  writeFile?: (path: string, text: string) => void;
  /** Write those files under `root` (a library kept from session to session). */
  save?: boolean;
}

export { LIBRARY_LAYOUT } from './command-text.js';

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

  /** A predicate defined in this session, else the library's `Automata Library/NAME.txt` (tracks #00, #01, ...). */
  predicate(name: string): Predicate | undefined {
    const known = this.predicates.get(name);
    if (known) return known;
    const text = this.readLibraryFile(`Automata Library/${name}.txt`);
    if (text === undefined) return undefined;
    this.loadCustomBases(text);
    const parsed = parseWalnutAutomaton(text);
    const p = parsed.truth !== undefined ? Predicate.constant(parsed.truth) : new Predicate(parsed.tracks, parsed.dfa);
    this.predicates.set(name, p);
    return p;
  }

  /** Writes a file under the library root (or hands it to writeFile); false when nothing is written. */
  private save(path: string, text: string): boolean {
    if (this.options.writeFile) {
      this.options.writeFile(path, text);
      return true;
    }
    if (!this.options.save || !this.options.root) return false;
    const file = join(this.options.root, path);
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    } catch (e) {
      throw new InputError(`cannot write ${file} in the library folder: ${(e as Error).message}`);
    }
    return true;
  }

  /** Stores `$name` for later formulas and in the library's `Automata Library/`. */
  private storePredicate(name: string, p: Predicate): void {
    this.predicates.set(name, p);
    this.save(`Automata Library/${name}.txt`, formatWalnutAutomaton(p.tracks, p.dfa));
  }

  /** Stores the word automaton `name` for later W[...] and in the library's `Word Automata Library/`. */
  private storeWord(name: string, w: WordAutomaton): void {
    this.words.set(name, w);
    this.save(`Word Automata Library/${name}.txt`, formatWalnutAutomaton(w.tracks, w.dfa, false));
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
      const body = this.macros.get(m[1]!) ?? this.readLibraryFile(`Macro Library/${m[1]}.txt`);
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
      if (!validity || !addition) continue;
      const base = validity.tracks[0]!.system ? validity.tracks[0]!.system.base : validity.tracks[0]!.alphabet!.length;
      // Without a _less_than file Walnut orders the valid words lexicographically (as for `ost` systems).
      const lessThan = read('_less_than')?.dfa ?? lexicographicLessThan(base, validity.dfa);
      NumerationSystem.defineCustom(`msd_${stem}`, { base, validity: validity.dfa, addition: addition.dfa, lessThan });
    }
  }

  private morphism(name: string, verb: string): LetterMorphism {
    let h = this.morphisms.get(name);
    const text = h ? undefined : this.readLibraryFile(`Morphism Library/${name}.txt`);
    if (text !== undefined) h = parseMorphism(text.trim(), `Morphism Library/${name}.txt`);
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

  /**
   * Runs one command. Its terminator is Walnut's: `;` prints the result, `:` also the steps (the
   * state count of every intermediate automaton), `::` also writes the intermediate automata
   * (`Result/NAME_detailed_log.txt`).
   */
  run(command: string): CommandResult {
    this.loadCustomBases(command);
    const { verb, name, rest, terminator } = splitCommand(command);
    const show = terminator === ':' ? 'steps' : terminator === '::' ? 'details' : undefined;
    const r = this.runVerb(verb, name, rest, show);
    if (!['load', 'macro', 'morphism', 'test', 'inf', 'draw', 'ost'].includes(verb)) this.saveResult(r);
    return show ? { ...r, show } : r;
  }

  /** Walnut's `Result/NAME.txt` (the automaton) and, for eval/def, `Result/NAME_log.txt` (the steps). */
  private saveResult(r: CommandResult): void {
    const p = r.predicate;
    if (!p) return;
    const word = this.words.get(r.name)?.dfa === p.dfa;
    this.save(`Result/${r.name}.txt`, formatWalnutAutomaton(p.tracks, p.dfa, !word));
    if (r.steps) this.save(`Result/${r.name}_log.txt`, stepLines(r.steps).join('\n') + '\n');
  }

  private runVerb(verb: string, name: string, rest: string, show: 'steps' | 'details' | undefined): CommandResult {
    switch (verb) {
      case 'eval':
      case 'def': {
        const { before, body } = quoted(rest, `${verb} ${name}`);
        const tree = parseFormula(this.expandMacros(body));
        const compiler = new Compiler(this, this.options);
        // `eval NAME i n "φ"` also asks for the incidence matrices of i and n (Walnut's Result/NAME.mpl).
        const matrixVars = before.split(/\s+/).filter((x) => x.length > 0);
        if (matrixVars.some((v) => !/^[a-z][A-Za-z0-9_]*$/.test(v))) throw new InputError('Invalid use of the eval/def command.');
        // `::` keeps the intermediate automata for the detailed log.
        if (show === 'details') compiler.trace.automata = [];
        const p = compiler.formula(tree);
        if (compiler.trace.automata) this.save(`Result/${name}_detailed_log.txt`, detailedLog(compiler.trace.steps, compiler.trace.automata));
        const mpl = matrixVars.length > 0 ? formatMaple(incidenceMatrices(p.tracks, p.dfa, matrixVars)) : undefined;
        if (verb === 'def') this.storePredicate(name, p);
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
        this.storePredicate(name, p);
        return this.result(verb, name, p);
      }
      case 'macro': {
        const { body } = quoted(rest, `macro ${name}`);
        this.macros.set(name, body);
        this.save(`Macro Library/${name}.txt`, body);
        return { verb, name, result: null, states: 0, variables: [] };
      }
      case 'morphism': {
        const { body } = quoted(rest, `morphism ${name}`);
        this.morphisms.set(name, parseMorphism(body, `morphism ${name}`));
        this.save(`Morphism Library/${name}.txt`, body);
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
        this.storeWord(name, w);
        return this.result(verb, name, new Predicate(w.tracks, w.dfa));
      }
      case 'image': {
        const [hName, src] = rest.trim().split(/\s+/);
        const w = this.imageWord(name, this.morphism(hName ?? '', verb), src ?? '');
        this.storeWord(name, w);
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
        this.storeWord(resultName, w);
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
        this.storeWord(name, w);
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
        this.storeWord(name, r);
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
      case 'test':
        return this.testCommand(name, rest);
      case 'inf':
        return this.infCommand(name, rest);
      case 'draw':
        return this.drawCommand(name, rest);
      case 'ost':
        return this.ostCommand(`${name} ${rest}`);
      default: {
        const r = runAutomatonCommand(verb, name, rest, this, this.options);
        if (!r) throw new InputError(`the command ${verb} is not supported`);
        if (r.kind === 'word') this.storeWord(name, { tracks: r.tracks, dfa: r.dfa });
        const p = new Predicate(r.tracks, r.dfa);
        if (r.kind === 'predicate') this.storePredicate(name, p);
        return this.result(verb, name, p);
      }
    }
  }

  /** The predicate `$name` (the `$` optional, as Walnut's test and inf take the bare name). */
  private storedPredicate(token: string, verb: string): Predicate {
    const name = token.replace(/^\$/, '');
    if (!/^[A-Za-z]\w*$/.test(name)) throw new InputError(`Invalid use of the ${verb} command.`);
    const p = this.predicate(name);
    if (!p) throw new InputError(`${verb} ${name}: no automaton named $${name} (define it with def or reg first)`);
    return p;
  }

  /** `test NAME n`: the first n accepted tuples, shortlex (enumerate.ts). */
  private testCommand(name: string, rest: string): CommandResult {
    const m = /^(\d+)$/.exec(rest.trim());
    if (!m) throw new InputError('Invalid use of the test command.');
    const count = Number(m[1]);
    const most = limitDefault('logicTestWords');
    if (count > most) throw new InputError(`test ${name}: at most ${most} inputs are listed (asked for ${count})`);
    const p = this.storedPredicate(name, 'test');
    if (p.tracks.length === 0) throw new InputError(`test ${name}: $${name} is a sentence (${p.truth}), with no inputs to list`);
    const words = testWords(p, count);
    const bare = name.replace(/^\$/, '');
    const output = words.length < count ? [`${bare} only accepts ${words.length} inputs, which are as follows: `, ...words] : words;
    return { ...this.result('test', bare, p), output, data: { accepted: words } };
  }

  /** `inf NAME`: whether infinitely many tuples are accepted, and a regular expression of infinitely many. */
  private infCommand(name: string, rest: string): CommandResult {
    if (rest.trim() !== '') throw new InputError('Invalid use of the inf command.');
    const p = this.storedPredicate(name, 'inf');
    const bare = name.replace(/^\$/, '');
    const regex = infiniteFamily(p);
    const output = [regex ?? `Automaton ${bare} accepts finitely many values.`];
    return { ...this.result('inf', bare, p), output, data: { infinite: regex !== undefined, ...(regex === undefined ? {} : { regex }) } };
  }

  /** `draw NAME` (a word automaton) or `draw $NAME` (a predicate): Graphviz `Result/NAME.gv`. */
  private drawCommand(name: string, rest: string): CommandResult {
    if (rest.trim() !== '') throw new InputError('Invalid use of the draw command.');
    const bare = name.replace(/^\$/, '');
    let p: Predicate;
    if (name.startsWith('$')) p = this.storedPredicate(name, 'draw');
    else {
      const w = this.word(bare);
      if (!w) throw new InputError(`draw ${bare}: no word automaton named ${bare} (write draw $${bare} for a predicate)`);
      p = new Predicate(w.tracks, w.dfa);
    }
    const r = this.result('draw', bare, p);
    const file = `Result/${bare}.gv`;
    const saved = this.save(file, commandDot(r));
    return { ...r, output: [saved ? `wrote ${file}` : 'no library folder to write Result/ in (--dot FILE writes the picture)'], data: saved ? { file } : {} };
  }

  /** `ost NAME [preperiod] [period]`: an Ostrowski numeration system msd_NAME (ostrowski.ts), kept in `Custom Bases/`. */
  private ostCommand(text: string): CommandResult {
    const m = /^\s*([A-Za-z]\w*)\s*\[([^\]]*)\]\s*\[([^\]]*)\]\s*$/.exec(text);
    if (!m) throw new InputError('Invalid use of the ost command.');
    const name = m[1]!;
    const what = `ost ${name}`;
    if (BUILT_IN_SYSTEM.test(name)) throw new InputError(`${what}: msd_${name} is a built-in numeration system; choose another name`);
    const fraction = normaliseFraction(parseBracketList(m[2]!, what), parseBracketList(m[3]!, what), what);
    const a = ostrowskiAutomata(fraction);
    const alphabet = [{ name: '#00', system: null, alphabet: Array.from({ length: a.dMax + 1 }, (_, d) => d) }];
    const files: [string, string][] = [
      [`Custom Bases/msd_${name}.txt`, formatWalnutAutomaton(alphabet, a.validity)],
      [`Custom Bases/msd_${name}_addition.txt`, formatWalnutAutomaton([0, 1, 2].map((i) => ({ ...alphabet[0]!, name: `#0${i}` })), a.addition)],
    ];
    // Walnut refuses to redefine a system; the same definition again (a session run twice) is fine.
    const old = this.readLibraryFile(files[0]![0]);
    if (old !== undefined && old !== files[0]![1]) throw new InputError(`${what}: number system ${name} already exists (${files[0]![0]}), with other digits`);
    NumerationSystem.defineCustom(`msd_${name}`, { base: a.dMax + 1, validity: a.validity, addition: a.addition, lessThan: a.lessThan });
    const written = files.filter(([path, body]) => this.save(path, body)).map(([path]) => path);
    const cf = `[0; ${[...fraction.preperiod, `(${fraction.period.join(', ')})*`].join(', ')}]`;
    const p = new Predicate([{ name: '#00', system: NumerationSystem.byName(`msd_${name}`) }], a.validity);
    const output = [`msd_${name}: the Ostrowski numeration of α = ${cf}, digits 0..${a.dMax}, adder of ${trimmedStateCount(a.addition)} states`, ...written.map((f) => `wrote ${f}`)];
    return { ...this.result('ost', name, p), output, data: { alpha: cf, digits: a.dMax + 1, files: written } };
  }

  private result(verb: string, name: string, p: Predicate, steps?: { what: string; states: number }[]): CommandResult {
    const sentence = p.tracks.length === 0;
    return {
      verb,
      name,
      result: sentence ? p.truth : null,
      states: sentence ? 1 : trimmedStateCount(p.dfa),
      // Tracks named #00, #01 (reg, word automata, library files) have no variable names to show.
      variables: p.tracks.filter((t) => !t.name.startsWith('#')).map((t) => t.name),
      tracks: p.tracks.map(trackKindName),
      predicate: p,
      ...(steps ? { steps } : {}),
    };
  }
}

/** The systems byName builds itself (an `ost` system may not take their names). */
const BUILT_IN_SYSTEM = /^(\d+|fib|trib|lin(_\d+)+|fraenkel_\d+_\d+|gtrib_\d+|neg_\d+)$/;

/** The steps as Walnut's log lists them: what was computed and its states. */
export function stepLines(steps: readonly { what: string; states: number }[]): string[] {
  return steps.map((s) => `${s.what}:${s.states} states`);
}

/** `::`'s detailed log: each step followed by its automaton in Walnut's text format. */
function detailedLog(steps: readonly { what: string; states: number }[], automata: readonly Predicate[]): string {
  return steps.map((s, i) => `${stepLines([s])[0]}\n${automata[i] ? formatWalnutAutomaton(automata[i]!.tracks, automata[i]!.dfa) : ''}`).join('\n');
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
