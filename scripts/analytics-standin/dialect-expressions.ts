/**
 * Expressions of Workers Analytics Engine's SQL: the literals, operators and function calls its
 * reference documents (https://developers.cloudflare.com/analytics/analytics-engine/sql-reference/
 * literals/, operators/, and the function pages listed in functions.ts). What it does not document
 * is refused with the reason: CASE (the API answers "unsupported expression type: CASE WHEN"),
 * count(*), subqueries outside FROM, tuples, unknown functions.
 */
import { DOCUMENTED_FUNCTIONS, INTERVAL_UNITS, type IntervalUnit } from "./functions.ts";
import { SqlRefusal, type Token } from "./sql-lexer.ts";

export type BinaryOp =
  | "+"
  | "-"
  | "*"
  | "/"
  | "%"
  | "="
  | "<"
  | ">"
  | "<="
  | ">="
  | "!="
  | "AND"
  | "OR"
  | "LIKE"
  | "NOT LIKE"
  | "ILIKE"
  | "NOT ILIKE";

export type Expr =
  | { kind: "number"; text: string }
  | { kind: "string"; value: string }
  | { kind: "bool"; value: boolean }
  | { kind: "interval"; amount: number; unit: IntervalUnit }
  | { kind: "name"; name: string }
  | { kind: "call"; name: string; distinct: boolean; params: Expr[] | null; args: Expr[] }
  | { kind: "unary"; op: "-" | "NOT"; operand: Expr }
  | { kind: "binary"; op: BinaryOp; left: Expr; right: Expr }
  | { kind: "in"; negated: boolean; operand: Expr; list: Expr[] }
  | { kind: "between"; negated: boolean; operand: Expr; low: Expr; high: Expr }
  | { kind: "position"; needle: Expr; haystack: Expr }
  | { kind: "extract"; unit: IntervalUnit; from: Expr };

/** Words that are clauses or operators, never a column: a query naming them elsewhere is refused. */
export const KEYWORDS = new Set(
  (
    "SELECT FROM WHERE GROUP BY HAVING ORDER LIMIT OFFSET FORMAT AS AND OR NOT IN BETWEEN LIKE ILIKE " +
    "ASC DESC DISTINCT ALL INTERVAL TRUE FALSE JOIN UNION WITH CASE WHEN THEN ELSE END ON USING INNER " +
    "LEFT RIGHT FULL CROSS OUTER EXCEPT INTERSECT WINDOW OVER SETTINGS PREWHERE ARRAY SAMPLE FINAL INTO"
  ).split(" "),
);

/** A cursor over the tokens with the few reads every rule needs. */
export class Cursor {
  readonly tokens: Token[];
  index = 0;
  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  peek(offset = 0): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)] as Token;
  }

  next(): Token {
    const token = this.peek();
    if (token.kind !== "end") this.index += 1;
    return token;
  }

  isWord(word: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.kind === "word" && token.upper === word;
  }

  isOp(op: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.kind === "op" && token.text === op;
  }

  acceptWord(word: string): boolean {
    if (!this.isWord(word)) return false;
    this.index += 1;
    return true;
  }

  acceptOp(op: string): boolean {
    if (!this.isOp(op)) return false;
    this.index += 1;
    return true;
  }

  expectWord(word: string): void {
    if (!this.acceptWord(word)) throw this.unexpected(`expected ${word}`);
  }

  expectOp(op: string): void {
    if (!this.acceptOp(op)) throw this.unexpected(`expected "${op}"`);
  }

  unexpected(what: string): SqlRefusal {
    const token = this.peek();
    const found =
      token.kind === "end"
        ? "the end of the query"
        : token.kind === "string"
          ? `'${token.value}'`
          : `"${token.kind === "word" ? token.text : token.text}"`;
    return new SqlRefusal(`sql parser error: ${what}, found ${found} at position ${token.at}`);
  }
}

const COMPARISONS: Record<string, BinaryOp> = { "=": "=", "<": "<", ">": ">", "<=": "<=", ">=": ">=" };

export function parseExpression(c: Cursor): Expr {
  let left = parseAnd(c);
  while (c.acceptWord("OR")) left = { kind: "binary", op: "OR", left, right: parseAnd(c) };
  return left;
}

function parseAnd(c: Cursor): Expr {
  let left = parseNot(c);
  while (c.acceptWord("AND")) left = { kind: "binary", op: "AND", left, right: parseNot(c) };
  return left;
}

function parseNot(c: Cursor): Expr {
  if (c.acceptWord("NOT")) return { kind: "unary", op: "NOT", operand: parseNot(c) };
  return parseComparison(c);
}

function parseList(c: Cursor): Expr[] {
  c.expectOp("(");
  if (c.isWord("SELECT")) throw new SqlRefusal("Subqueries are only supported in the FROM clause");
  const list = [parseAdditive(c)];
  while (c.acceptOp(",")) list.push(parseAdditive(c));
  c.expectOp(")");
  return list;
}

function parseComparison(c: Cursor): Expr {
  const left = parseAdditive(c);
  const token = c.peek();
  if (token.kind === "op" && COMPARISONS[token.text]) {
    c.next();
    return { kind: "binary", op: COMPARISONS[token.text] as BinaryOp, left, right: parseAdditive(c) };
  }
  if (c.acceptOp("<>") || c.acceptOp("!=")) return { kind: "binary", op: "!=", left, right: parseAdditive(c) };
  const negated = c.isWord("NOT") && ["IN", "BETWEEN", "LIKE", "ILIKE"].some((word) => c.isWord(word, 1));
  if (negated) c.next();
  if (c.acceptWord("IN")) return { kind: "in", negated, operand: left, list: parseList(c) };
  if (c.acceptWord("BETWEEN")) {
    const low = parseAdditive(c);
    c.expectWord("AND");
    return { kind: "between", negated, operand: left, low, high: parseAdditive(c) };
  }
  for (const word of ["LIKE", "ILIKE"] as const) {
    if (c.acceptWord(word)) {
      const op: BinaryOp = negated ? `NOT ${word}` : word;
      return { kind: "binary", op, left, right: parseAdditive(c) };
    }
  }
  if (negated) throw c.unexpected("expected IN, BETWEEN, LIKE or ILIKE after NOT");
  return left;
}

function parseAdditive(c: Cursor): Expr {
  let left = parseMultiplicative(c);
  for (;;) {
    if (c.acceptOp("+")) left = { kind: "binary", op: "+", left, right: parseMultiplicative(c) };
    else if (c.acceptOp("-")) left = { kind: "binary", op: "-", left, right: parseMultiplicative(c) };
    else return left;
  }
}

function parseMultiplicative(c: Cursor): Expr {
  let left = parseUnary(c);
  for (;;) {
    const token = c.peek();
    if (token.kind !== "op" || !["*", "/", "%"].includes(token.text)) return left;
    c.next();
    left = { kind: "binary", op: token.text as BinaryOp, left, right: parseUnary(c) };
  }
}

function parseUnary(c: Cursor): Expr {
  if (c.acceptOp("-")) return { kind: "unary", op: "-", operand: parseUnary(c) };
  return parsePrimary(c);
}

function parseInterval(c: Cursor): Expr {
  const amount = c.next();
  if (amount.kind !== "string" || !/^\d+$/.test(amount.value)) {
    throw new SqlRefusal("An INTERVAL is written INTERVAL '<n>' <unit>, e.g. INTERVAL '7' DAY");
  }
  const unit = c.next();
  const name = unit.kind === "word" ? unit.upper : "";
  if (!(INTERVAL_UNITS as readonly string[]).includes(name)) {
    throw new SqlRefusal(`Unsupported interval unit; use one of ${INTERVAL_UNITS.join(", ")}`);
  }
  return { kind: "interval", amount: Number(amount.value), unit: name as IntervalUnit };
}

function parsePrimary(c: Cursor): Expr {
  const token = c.next();
  if (token.kind === "number") return { kind: "number", text: token.text };
  if (token.kind === "string") return { kind: "string", value: token.value };
  if (token.kind === "op" && token.text === "(") {
    if (c.isWord("SELECT")) throw new SqlRefusal("Subqueries are only supported in the FROM clause");
    const inner = parseExpression(c);
    if (c.isOp(",")) throw new SqlRefusal("Tuples are not supported");
    c.expectOp(")");
    return inner;
  }
  if (token.kind !== "word") {
    c.index -= token.kind === "end" ? 0 : 1;
    throw c.unexpected("expected an expression");
  }
  if (token.upper === "TRUE" || token.upper === "FALSE") return { kind: "bool", value: token.upper === "TRUE" };
  if (token.upper === "INTERVAL") return parseInterval(c);
  if (token.upper === "CASE") throw new SqlRefusal("unsupported expression type: CASE WHEN (use if())");
  if (c.isOp("(")) return parseCall(c, token.text);
  if (KEYWORDS.has(token.upper)) {
    c.index -= 1;
    throw c.unexpected("expected an expression");
  }
  return { kind: "name", name: token.text };
}

function parseArguments(c: Cursor, name: string, allowDistinct: boolean): { distinct: boolean; args: Expr[] } {
  c.expectOp("(");
  if (c.acceptOp(")")) return { distinct: false, args: [] };
  const distinct = c.acceptWord("DISTINCT");
  if (distinct && !allowDistinct) throw new SqlRefusal(`${name}() does not take DISTINCT`);
  if (c.isOp("*")) throw new SqlRefusal(`${name}(*) is not supported: count rows with count()`);
  const args = [parseExpression(c)];
  while (c.acceptOp(",")) args.push(parseExpression(c));
  c.expectOp(")");
  return { distinct, args };
}

function parseCall(c: Cursor, name: string): Expr {
  const lower = name.toLowerCase();
  if (lower === "position") {
    c.expectOp("(");
    const needle = parseAdditive(c);
    c.expectWord("IN");
    const haystack = parseAdditive(c);
    c.expectOp(")");
    return { kind: "position", needle, haystack };
  }
  if (lower === "extract") {
    c.expectOp("(");
    const unit = c.next();
    if (unit.kind !== "word" || !(INTERVAL_UNITS as readonly string[]).includes(unit.upper)) {
      throw new SqlRefusal(`extract() takes one of ${INTERVAL_UNITS.join(", ")}`);
    }
    c.expectWord("FROM");
    const from = parseExpression(c);
    c.expectOp(")");
    return { kind: "extract", unit: unit.upper as IntervalUnit, from };
  }
  const rule = DOCUMENTED_FUNCTIONS[lower];
  if (!rule) throw new SqlRefusal(`Unknown function ${name}`);
  let params: Expr[] | null = null;
  let call = parseArguments(c, name, Boolean(rule.distinct));
  if (rule.parametric && c.isOp("(")) {
    params = call.args;
    call = parseArguments(c, name, false);
  }
  const counts = call.args.length;
  if (counts < rule.min || counts > rule.max) {
    throw new SqlRefusal(
      `${name}() takes ${rule.min === rule.max ? rule.min : `${rule.min} to ${rule.max}`} arguments`,
    );
  }
  if (lower === "count" && counts === 1 && !call.distinct) {
    throw new SqlRefusal("count(<column>) is not supported: use count() or count(DISTINCT <column>)");
  }
  if (params && (params.length < (rule.parametric?.min ?? 0) || params.length > (rule.parametric?.max ?? 0))) {
    throw new SqlRefusal(`${name}(…)(…) takes at most ${rule.parametric?.max} parameter`);
  }
  return { kind: "call", name: lower, distinct: call.distinct, params, args: call.args };
}
