/**
 * The statements Workers Analytics Engine's SQL API takes, checked the way it documents them:
 * https://developers.cloudflare.com/analytics/analytics-engine/sql-reference/statements/
 *
 *   SHOW TABLES | SHOW TIMEZONES | SHOW TIMEZONE [FORMAT <format>]
 *   SELECT <expression> [AS <alias>], … | *
 *     [FROM <table> | (<subquery>)] [WHERE <expression>] [GROUP BY <expression>, …]
 *     [HAVING <expression>] [ORDER BY <expression> [ASC|DESC], …] [LIMIT <n>|ALL] [OFFSET <n>]
 *     [FORMAT JSON|JSONEachRow|TabSeparated]
 *
 * One statement (a trailing `;` as in the reference's examples, nothing after it), one table
 * ("UNION, JOIN etc. are not currently supported"), the table's columns from the SQL API page
 * (https://developers.cloudflare.com/analytics/analytics-engine/sql-api/#table-structure), and the
 * functions of functions.ts. Anything else is refused with a reason, as the API refuses it (HTTP 422,
 * "Input was invalid: …"). The check also resolves aliases, so what it returns names columns only.
 */
import { Cursor, type Expr, KEYWORDS, parseExpression } from "./dialect-expressions.ts";
import { DOCUMENTED_FUNCTIONS, FORMATS, type OutputFormat } from "./functions.ts";
import { SqlRefusal, tokenize } from "./sql-lexer.ts";

const numbered = (prefix: string) => Array.from({ length: 20 }, (_, i) => `${prefix}${i + 1}`);

/** Every dataset's columns, as the SQL API page lists them. */
export const DATASET_COLUMNS: readonly string[] = [
  "dataset",
  "timestamp",
  "_sample_interval",
  "index1",
  ...numbered("blob"),
  ...numbered("double"),
];

export type SelectItem = { expr: Expr; name: string };
export type Select = {
  columns: SelectItem[];
  from: { table: string } | { subquery: Select } | null;
  where: Expr | null;
  groupBy: Expr[];
  having: Expr | null;
  orderBy: { expr: Expr; desc: boolean }[];
  limit: number | null;
  offset: number | null;
};
export type Statement =
  | { kind: "select"; select: Select; format: OutputFormat }
  | { kind: "show"; what: "TABLES" | "TIMEZONES" | "TIMEZONE"; format: OutputFormat };

/** Clause keywords that name a feature the API does not have: said plainly rather than "unexpected". */
const UNSUPPORTED: Record<string, string> = {
  JOIN: "Joins are not supported: a query reads one table",
  INNER: "Joins are not supported: a query reads one table",
  LEFT: "Joins are not supported: a query reads one table",
  RIGHT: "Joins are not supported: a query reads one table",
  FULL: "Joins are not supported: a query reads one table",
  CROSS: "Joins are not supported: a query reads one table",
  UNION: "UNION is not supported: a query reads one table",
  EXCEPT: "EXCEPT is not supported",
  INTERSECT: "INTERSECT is not supported",
  SETTINGS: "SETTINGS is not supported",
  PREWHERE: "PREWHERE is not supported",
  SAMPLE: "SAMPLE is not supported",
  FINAL: "FINAL is not supported",
};

function refuseUnsupported(c: Cursor): void {
  const token = c.peek();
  if (token.kind === "word" && UNSUPPORTED[token.upper]) throw new SqlRefusal(UNSUPPORTED[token.upper] as string);
}

function identifier(c: Cursor, what: string): string {
  refuseUnsupported(c);
  const token = c.peek();
  if (token.kind !== "word" || KEYWORDS.has(token.upper)) throw c.unexpected(`expected ${what}`);
  c.next();
  return token.text;
}

function nonNegativeInteger(c: Cursor, clause: string): number {
  const token = c.next();
  if (token.kind !== "number" || !/^\d+$/.test(token.text)) {
    throw new SqlRefusal(`${clause} takes a non-negative whole number`);
  }
  return Number(token.text);
}

/** The name a select item answers under: its alias, a column's own name, else the expression's text. */
function nameOf(expr: Expr, alias: string | null, index: number): string {
  if (alias) return alias;
  return expr.kind === "name" ? expr.name : `expr${index + 1}`;
}

type Parsed = Select & { raw: { expr: Expr; alias: string | null }[] };

function parseSelect(c: Cursor, tables: readonly string[] | null): Parsed {
  c.expectWord("SELECT");
  if (c.isWord("DISTINCT")) throw new SqlRefusal("SELECT DISTINCT is not supported: use GROUP BY");
  const raw: { expr: Expr; alias: string | null }[] = [];
  if (c.acceptOp("*")) raw.push({ expr: { kind: "name", name: "*" }, alias: null });
  else {
    do {
      const expr = parseExpression(c);
      raw.push({ expr, alias: c.acceptWord("AS") ? identifier(c, "an alias") : null });
    } while (c.acceptOp(","));
  }
  let from: Select["from"] = null;
  if (c.acceptWord("FROM")) {
    if (c.acceptOp("(")) {
      from = { subquery: resolveSelect(parseSelect(c, tables), tables) };
      c.expectOp(")");
    } else from = { table: identifier(c, "a table name") };
  }
  refuseUnsupported(c);
  const where = c.acceptWord("WHERE") ? parseExpression(c) : null;
  const groupBy: Expr[] = [];
  if (c.acceptWord("GROUP")) {
    c.expectWord("BY");
    do groupBy.push(parseExpression(c));
    while (c.acceptOp(","));
  }
  const having = c.acceptWord("HAVING") ? parseExpression(c) : null;
  const orderBy: Select["orderBy"] = [];
  if (c.acceptWord("ORDER")) {
    c.expectWord("BY");
    do {
      const expr = parseExpression(c);
      const desc = c.acceptWord("DESC");
      if (!desc) c.acceptWord("ASC");
      orderBy.push({ expr, desc });
    } while (c.acceptOp(","));
  }
  let limit: number | null = null;
  if (c.acceptWord("LIMIT") && !c.acceptWord("ALL")) limit = nonNegativeInteger(c, "LIMIT");
  const offset = c.acceptWord("OFFSET") ? nonNegativeInteger(c, "OFFSET") : null;
  refuseUnsupported(c);
  return { raw, columns: [], from, where, groupBy, having, orderBy, limit, offset };
}

type Scope = { columns: ReadonlySet<string>; aliases: ReadonlyMap<string, Expr> };

/** An expression with every alias replaced by what it names; refuses names that are neither. */
function expand(expr: Expr, scope: Scope, visiting: ReadonlySet<string> = new Set()): Expr {
  const again = (inner: Expr) => expand(inner, scope, visiting);
  switch (expr.kind) {
    case "name": {
      const aliased = scope.aliases.get(expr.name);
      if (aliased && !visiting.has(expr.name)) return expand(aliased, scope, new Set([...visiting, expr.name]));
      if (scope.columns.has(expr.name)) return expr;
      throw new SqlRefusal(`Unknown column or alias ${expr.name}`);
    }
    case "call":
      return { ...expr, params: expr.params?.map(again) ?? null, args: expr.args.map(again) };
    case "unary":
      return { ...expr, operand: again(expr.operand) };
    case "binary":
      return { ...expr, left: again(expr.left), right: again(expr.right) };
    case "in":
      return { ...expr, operand: again(expr.operand), list: expr.list.map(again) };
    case "between":
      return { ...expr, operand: again(expr.operand), low: again(expr.low), high: again(expr.high) };
    case "position":
      return { ...expr, needle: again(expr.needle), haystack: again(expr.haystack) };
    case "extract":
      return { ...expr, from: again(expr.from) };
    default:
      return expr;
  }
}

/** The expression's direct sub-expressions. */
export function childrenOf(expr: Expr): Expr[] {
  switch (expr.kind) {
    case "call":
      return [...(expr.params ?? []), ...expr.args];
    case "unary":
      return [expr.operand];
    case "binary":
      return [expr.left, expr.right];
    case "in":
      return [expr.operand, ...expr.list];
    case "between":
      return [expr.operand, expr.low, expr.high];
    case "position":
      return [expr.needle, expr.haystack];
    case "extract":
      return [expr.from];
    default:
      return [];
  }
}

const isAggregate = (expr: Expr) => expr.kind === "call" && Boolean(DOCUMENTED_FUNCTIONS[expr.name]?.aggregate);

function containsAggregate(expr: Expr): boolean {
  return isAggregate(expr) || childrenOf(expr).some(containsAggregate);
}

function refuseNestedAggregates(expr: Expr, inside = false): void {
  if (isAggregate(expr) && inside) throw new SqlRefusal("Aggregate functions cannot be nested");
  for (const child of childrenOf(expr)) refuseNestedAggregates(child, inside || isAggregate(expr));
}

/** In a grouped query, a column outside an aggregate must be one of the GROUP BY expressions. */
function refuseUngrouped(expr: Expr, grouped: ReadonlySet<string>): void {
  if (isAggregate(expr) || grouped.has(JSON.stringify(expr))) return;
  if (expr.kind === "name") {
    throw new SqlRefusal(`Column ${expr.name} is not under an aggregate function and not in GROUP BY`);
  }
  for (const child of childrenOf(expr)) refuseUngrouped(child, grouped);
}

/** Names resolved against the FROM's columns and the select list's aliases; the grouping rules checked. */
function resolveSelect(parsed: Parsed, tables: readonly string[] | null): Select {
  const from = parsed.from;
  let columns: ReadonlySet<string> = new Set();
  if (from && "table" in from) {
    if (tables && !tables.includes(from.table)) throw new SqlRefusal(`Unknown table ${from.table}`);
    columns = new Set(DATASET_COLUMNS);
  } else if (from) columns = new Set(from.subquery.columns.map((item) => item.name));
  const star = parsed.raw.length === 1 && parsed.raw[0]?.expr.kind === "name" && parsed.raw[0].expr.name === "*";
  const raw = star ? [...columns].map((name) => ({ expr: { kind: "name", name } as Expr, alias: null })) : parsed.raw;
  const aliases = new Map(raw.flatMap(({ expr, alias }) => (alias ? [[alias, expr] as const] : [])));
  const scope: Scope = { columns, aliases };
  const select: Select = {
    from: parsed.from,
    limit: parsed.limit,
    offset: parsed.offset,
    columns: raw.map(({ expr, alias }, i) => ({ expr: expand(expr, scope), name: nameOf(expr, alias, i) })),
    where: parsed.where && expand(parsed.where, scope),
    groupBy: parsed.groupBy.map((expr) => expand(expr, scope)),
    having: parsed.having && expand(parsed.having, scope),
    orderBy: parsed.orderBy.map(({ expr, desc }) => ({ expr: expand(expr, scope), desc })),
  };
  const all = [...select.columns.map((item) => item.expr), ...select.orderBy.map((o) => o.expr)];
  if (select.having) all.push(select.having);
  for (const expr of [...all, ...select.groupBy, ...(select.where ? [select.where] : [])]) refuseNestedAggregates(expr);
  if (select.where && containsAggregate(select.where))
    throw new SqlRefusal("Aggregate functions are not allowed in WHERE");
  if (select.groupBy.some(containsAggregate)) throw new SqlRefusal("Aggregate functions are not allowed in GROUP BY");
  if (select.groupBy.length > 0 || all.some(containsAggregate)) {
    const grouped = new Set(select.groupBy.map((expr) => JSON.stringify(expr)));
    for (const expr of all) refuseUngrouped(expr, grouped);
  }
  return select;
}

function parseFormat(c: Cursor): OutputFormat {
  if (!c.acceptWord("FORMAT")) return "JSON";
  const token = c.next();
  const format = FORMATS.find((name) => token.kind === "word" && token.text.toUpperCase() === name.toUpperCase());
  if (!format) throw new SqlRefusal(`Unknown format; use one of ${FORMATS.join(", ")}`);
  return format;
}

function parseShow(c: Cursor): Statement {
  c.expectWord("SHOW");
  const token = c.next();
  const what = token.kind === "word" ? token.upper : "";
  if (what !== "TABLES" && what !== "TIMEZONES" && what !== "TIMEZONE") {
    throw new SqlRefusal("Only SHOW TABLES, SHOW TIMEZONES and SHOW TIMEZONE are supported");
  }
  return { kind: "show", what, format: parseFormat(c) };
}

/**
 * The one statement of `sql`, resolved; SqlRefusal with the reason when the documented dialect
 * does not have it. `tables`: the datasets that exist (null: any name is taken for one).
 */
export function parseStatement(sql: string, tables: readonly string[] | null): Statement {
  const c = new Cursor(tokenize(sql));
  let statement: Statement;
  if (c.isWord("SHOW")) statement = parseShow(c);
  else if (c.isWord("SELECT")) {
    const select = resolveSelect(parseSelect(c, tables), tables);
    statement = { kind: "select", select, format: parseFormat(c) };
  } else {
    throw new SqlRefusal("Only SELECT and SHOW statements are supported");
  }
  const ended = c.acceptOp(";");
  if (c.peek().kind !== "end") {
    refuseUnsupported(c);
    throw ended
      ? new SqlRefusal("Only one statement is accepted per request")
      : c.unexpected("expected the end of the query");
  }
  return statement;
}

/** The dialect's verdict on `sql`: the statement, or the reason the SQL API would refuse it. */
export function checkAnalyticsSql(
  sql: string,
  tables: readonly string[] | null = null,
): { ok: true; statement: Statement } | { ok: false; message: string } {
  try {
    return { ok: true, statement: parseStatement(sql, tables) };
  } catch (error) {
    if (error instanceof SqlRefusal) return { ok: false, message: error.message };
    throw error;
  }
}
