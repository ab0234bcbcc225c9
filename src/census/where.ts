/**
 * `census show --where EXPR`: a small filter language compiled to an SQL condition whose field names
 * come from a whitelist (the row fields) and whose values are bound as parameters, never pasted into
 * the SQL text. The grammar:
 *
 *   expr  := and ('or' and)*          and := atom ('and' atom)*
 *   atom  := '(' expr ')' | 'not' atom | FIELD OP VALUE
 *   OP    := = | == | != | <> | < | <= | > | >=
 *   VALUE := number | 'text' | "text" | true | false | null | word (letters, digits, _ . : + -)
 *
 * e.g. `certified = 0`, `period > 100 and status = done`, `verdict = 'regular' or states >= 10`.
 * `= null` and `!= null` test for absence. Keywords are case-insensitive.
 */
import { InputError } from '../core/errors.js';
import { FAMILY_FIELDS, type Field } from './row.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface WhereClause {
  sql: string;
  params: (string | number | null)[];
}

const MAX_LENGTH = 2000;
const MAX_DEPTH = 32;

const FIELDS = new Map<string, Field>();
for (const f of FAMILY_FIELDS) {
  FIELDS.set(f.name.toLowerCase(), f);
  FIELDS.set(f.column.toLowerCase(), f);
}

const OPS: Record<string, string> = { '=': '=', '==': '=', '!=': '<>', '<>': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

type Token =
  | { kind: 'word'; text: string; at: number }
  | { kind: 'number'; value: number; raw: string; at: number }
  | { kind: 'string'; value: string; at: number }
  | { kind: 'op'; text: string; at: number }
  | { kind: 'paren'; text: '(' | ')'; at: number };

/**
 * The names a `--where` may use.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function whereFields(): string[] {
  return FAMILY_FIELDS.map((f) => f.name);
}

/**
 * A `--where` filter on census rows, e.g. `period >= 7 and sameAs = null`; throws InputError naming the
 * column where it goes wrong.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function parseWhere(text: string): WhereClause {
  if (text.length > MAX_LENGTH) throw whereError(text, 1, `longer than ${MAX_LENGTH} characters`);
  const tokens = tokenize(text);
  const p = new Parser(text, tokens);
  const out = p.expr(0);
  if (!p.atEnd()) p.fail('expected "and", "or" or the end');
  return out;
}

function whereError(text: string, column: number, reason: string): InputError {
  return new InputError(`bad --where ${JSON.stringify(text)} at column ${column}: ${reason}`);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    const at = i;
    if (c === '(' || c === ')') {
      tokens.push({ kind: 'paren', text: c, at });
      i++;
      continue;
    }
    const op = /^(==|!=|<>|<=|>=|=|<|>)/.exec(text.slice(i));
    if (op) {
      tokens.push({ kind: 'op', text: op[0], at });
      i += op[0].length;
      continue;
    }
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw whereError(text, at + 1, 'unterminated string');
      tokens.push({ kind: 'string', value: text.slice(i + 1, end), at });
      i = end + 1;
      continue;
    }
    const num = /^-?\d+(\.\d+)?(?![A-Za-z_.:+])/.exec(text.slice(i));
    if (num) {
      tokens.push({ kind: 'number', value: Number(num[0]), raw: num[0], at });
      i += num[0].length;
      continue;
    }
    const word = /^[A-Za-z0-9_][A-Za-z0-9_.:+\-]*/.exec(text.slice(i));
    if (word) {
      tokens.push({ kind: 'word', text: word[0], at });
      i += word[0].length;
      continue;
    }
    throw whereError(text, at + 1, `unexpected ${JSON.stringify(c)}`);
  }
  return tokens;
}

class Parser {
  private i = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
  ) {}

  atEnd(): boolean {
    return this.i >= this.tokens.length;
  }

  fail(reason: string, token = this.tokens[this.i]): never {
    throw whereError(this.text, token ? token.at + 1 : this.text.length + 1, token ? reason : `${reason}, found the end`);
  }

  private keyword(word: string): boolean {
    const t = this.tokens[this.i];
    if (t?.kind === 'word' && t.text.toLowerCase() === word) {
      this.i++;
      return true;
    }
    return false;
  }

  expr(depth: number): WhereClause {
    if (depth > MAX_DEPTH) this.fail('nested too deeply');
    const parts = [this.and(depth)];
    while (this.keyword('or')) parts.push(this.and(depth));
    return join(parts, 'OR');
  }

  private and(depth: number): WhereClause {
    const parts = [this.atom(depth)];
    while (this.keyword('and')) parts.push(this.atom(depth));
    return join(parts, 'AND');
  }

  private atom(depth: number): WhereClause {
    if (depth > MAX_DEPTH) this.fail('nested too deeply');
    const t = this.tokens[this.i];
    if (t?.kind === 'paren' && t.text === '(') {
      this.i++;
      const inner = this.expr(depth + 1);
      const close = this.tokens[this.i];
      if (close?.kind !== 'paren' || close.text !== ')') this.fail('expected ")"');
      this.i++;
      return { sql: `(${inner.sql})`, params: inner.params };
    }
    if (this.keyword('not')) {
      const inner = this.atom(depth + 1);
      return { sql: `NOT (${inner.sql})`, params: inner.params };
    }
    return this.comparison();
  }

  private comparison(): WhereClause {
    const name = this.tokens[this.i];
    if (name?.kind !== 'word') this.fail('expected a field name');
    const field = FIELDS.get(name.text.toLowerCase());
    if (!field) this.fail(`unknown field ${JSON.stringify(name.text)}; the fields are ${whereFields().join(', ')}`, name);
    this.i++;
    const op = this.tokens[this.i];
    if (op?.kind !== 'op') this.fail('expected a comparison (= != < <= > >=)');
    this.i++;
    const sqlOp = OPS[op.text]!;
    const value = this.value(field);
    if (value === null) {
      if (sqlOp === '=') return { sql: `${field.column} IS NULL`, params: [] };
      if (sqlOp === '<>') return { sql: `${field.column} IS NOT NULL`, params: [] };
      this.fail('null can only be compared with = or !=', op);
    }
    return { sql: `${field.column} ${sqlOp} ?`, params: [value] };
  }

  private value(field: Field): string | number | null {
    const t = this.tokens[this.i];
    if (!t || t.kind === 'op' || t.kind === 'paren') this.fail('expected a value');
    this.i++;
    if (t.kind === 'number') {
      return field.type === 'text' ? t.raw : t.value;
    }
    if (t.kind === 'string') return field.type === 'text' ? t.value : this.numeric(field, t.value, t);
    const word = t.text;
    const lower = word.toLowerCase();
    if (lower === 'null') return null;
    if (lower === 'true' || lower === 'false') {
      if (field.type === 'text') return word;
      return lower === 'true' ? 1 : 0;
    }
    if (['and', 'or', 'not'].includes(lower)) this.fail(`expected a value, found the keyword ${JSON.stringify(word)}`, t);
    return field.type === 'text' ? word : this.numeric(field, word, t);
  }

  private numeric(field: Field, text: string, t: Token): number {
    if (field.type === 'bool' && /^(true|false)$/i.test(text)) return /^true$/i.test(text) ? 1 : 0;
    if (!/^-?\d+(\.\d+)?$/.test(text)) this.fail(`${field.name} is a number; ${JSON.stringify(text)} is not`, t);
    return Number(text);
  }
}

function join(parts: WhereClause[], op: 'AND' | 'OR'): WhereClause {
  if (parts.length === 1) return parts[0]!;
  return { sql: parts.map((p) => p.sql).join(` ${op} `), params: parts.flatMap((p) => p.params) };
}
