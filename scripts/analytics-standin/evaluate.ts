/**
 * A checked statement (dialect.ts) as SQLite runs it, with the type ClickHouse gives each answer
 * column so the answer is written as the SQL API writes it (64-bit integers as strings, DateTime
 * as "YYYY-MM-DD hh:mm:ss"). The few differences are translated here: timestamps are stored as
 * Unix seconds, `if` becomes CASE, sum() of no rows is 0, LIKE is case-sensitive (the store sets
 * case_sensitive_like) and ILIKE compares lower-cased text. Functions the stand-in does not
 * evaluate answer StandinLimit (501), never a wrong number.
 */
import { DATASET_COLUMNS, type Select } from "./dialect.ts";
import type { Expr } from "./dialect-expressions.ts";
import type { IntervalUnit } from "./functions.ts";

export type ColumnType = "String" | "DateTime" | "Date" | "UInt8" | "UInt32" | "UInt64" | "Int64" | "Float64";
type Part = { sql: string; type: ColumnType | "Interval" };

export class StandinLimit extends Error {
  override name = "StandinLimit";
}

/** The type of each column of a dataset, by the SQL API page's table. */
export function datasetColumnType(name: string): ColumnType {
  if (name === "timestamp") return "DateTime";
  if (name === "_sample_interval") return "UInt32";
  if (name.startsWith("double")) return "Float64";
  return "String";
}

const UNIT_SECONDS: Partial<Record<IntervalUnit, number>> = { SECOND: 1, MINUTE: 60, HOUR: 3600, DAY: 86_400 };
const STRFTIME: Record<IntervalUnit, string> = {
  YEAR: "%Y",
  MONTH: "%m",
  DAY: "%d",
  HOUR: "%H",
  MINUTE: "%M",
  SECOND: "%S",
};

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const isInteger = (type: Part["type"]) => ["UInt8", "UInt32", "UInt64", "Int64"].includes(type);

function integerLiteralType(value: number): ColumnType {
  if (value < 0) return "Int64";
  if (value < 256) return "UInt8";
  return value < 2 ** 32 ? "UInt32" : "UInt64";
}

/** A 'YYYY-MM-DD hh:mm:ss' (UTC) or all-digits string as Unix seconds, as toDateTime reads it. */
function secondsOfText(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  const parsed = Date.parse(`${text.replace(" ", "T")}Z`);
  if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(text) || Number.isNaN(parsed)) {
    throw new StandinLimit(`The stand-in reads dates as 'YYYY-MM-DD hh:mm:ss' only, not ${quote(text)}`);
  }
  return Math.floor(parsed / 1000);
}

type Scope = { types: ReadonlyMap<string, ColumnType>; now: number };

function intervalSeconds(expr: Expr): number {
  if (expr.kind !== "interval") throw new StandinLimit("toStartOfInterval takes an INTERVAL literal");
  const unit = UNIT_SECONDS[expr.unit];
  if (!unit) throw new StandinLimit(`The stand-in does not evaluate ${expr.unit} intervals`);
  return expr.amount * unit;
}

/** A DateTime compared with a string literal reads the string as a time, as ClickHouse does. */
function asTimeIfText(part: Part, expr: Expr, other: Part): Part {
  if (other.type === "DateTime" && expr.kind === "string")
    return { sql: String(secondsOfText(expr.value)), type: "DateTime" };
  return part;
}

function aggregate(name: string, args: Part[], distinct: boolean, raw: Expr[]): Part {
  const [a, b] = args;
  const d = distinct ? "DISTINCT " : "";
  switch (name) {
    case "count":
      return { sql: a ? `COUNT(${d}${a.sql})` : "COUNT(*)", type: "UInt64" };
    case "sum":
      return { sql: `COALESCE(SUM(${d}${a?.sql}), 0)`, type: a && isInteger(a.type) ? "UInt64" : "Float64" };
    case "avg":
      return { sql: `AVG(${d}${a?.sql})`, type: "Float64" };
    case "min":
    case "max":
      return { sql: `${name.toUpperCase()}(${a?.sql})`, type: a?.type === "Interval" ? "Int64" : (a?.type ?? "Int64") };
    case "countif":
      return { sql: `COALESCE(SUM(CASE WHEN ${a?.sql} THEN 1 ELSE 0 END), 0)`, type: "UInt64" };
    case "sumif":
      return {
        sql: `COALESCE(SUM(CASE WHEN ${b?.sql} THEN ${a?.sql} ELSE 0 END), 0)`,
        type: a && isInteger(a.type) ? "UInt64" : "Float64",
      };
    case "avgif":
      return { sql: `AVG(CASE WHEN ${b?.sql} THEN ${a?.sql} END)`, type: "Float64" };
    default:
      throw new StandinLimit(`The stand-in does not evaluate ${name}() (${raw.length} arguments)`);
  }
}

const timePart = (unit: IntervalUnit, sql: string): Part => ({
  sql: `CAST(strftime('${STRFTIME[unit]}', ${sql}, 'unixepoch') AS INTEGER)`,
  type: unit === "YEAR" ? "UInt32" : "UInt8",
});

const START_OF: Record<string, number> = {
  tostartofday: 86_400,
  tostartofhour: 3600,
  tostartoffifteenminutes: 900,
  tostartoftenminutes: 600,
  tostartoffiveminutes: 300,
  tostartofminute: 60,
};

const UNIT_OF: Record<string, IntervalUnit> = {
  toyear: "YEAR",
  tomonth: "MONTH",
  todayofmonth: "DAY",
  tohour: "HOUR",
  tominute: "MINUTE",
  tosecond: "SECOND",
};

function scalar(name: string, args: Part[], raw: Expr[], scope: Scope): Part {
  const [a, b, c] = args;
  const first = raw[0];
  if (START_OF[name] && a) return { sql: `((${a.sql}) / ${START_OF[name]} * ${START_OF[name]})`, type: "DateTime" };
  if (UNIT_OF[name] && a) return timePart(UNIT_OF[name] as IntervalUnit, a.sql);
  switch (name) {
    case "if":
      return {
        sql: `(CASE WHEN ${a?.sql} THEN ${b?.sql} ELSE ${c?.sql} END)`,
        type: b?.type === "Interval" ? "Int64" : (b?.type ?? "String"),
      };
    case "now":
      return { sql: String(scope.now), type: "DateTime" };
    case "today":
      return { sql: String(Math.floor(scope.now / 86_400) * 86_400), type: "Date" };
    case "todatetime":
      if (b) throw new StandinLimit("The stand-in does not evaluate toDateTime with a time zone");
      if (first?.kind === "string") return { sql: String(secondsOfText(first.value)), type: "DateTime" };
      return { sql: a?.type === "String" ? `unixepoch(${a.sql})` : `CAST(${a?.sql} AS INTEGER)`, type: "DateTime" };
    case "tounixtimestamp":
      return { sql: `(${a?.sql})`, type: "UInt32" };
    case "tostartofinterval": {
      if (c) throw new StandinLimit("The stand-in does not evaluate toStartOfInterval with a time zone");
      const seconds = intervalSeconds(raw[1] as Expr);
      return { sql: `((${a?.sql}) / ${seconds} * ${seconds})`, type: "DateTime" };
    }
    case "length":
      return { sql: `length(${a?.sql})`, type: "UInt64" };
    case "empty":
      return { sql: `(${a?.sql} = '')`, type: "UInt8" };
    case "lower":
    case "lowerutf8":
    case "tolower":
      return { sql: `lower(${a?.sql})`, type: "String" };
    case "upper":
    case "upperutf8":
    case "toupper":
      return { sql: `upper(${a?.sql})`, type: "String" };
    case "startswith":
      return { sql: `(substr(${a?.sql}, 1, length(${b?.sql})) = ${b?.sql})`, type: "UInt8" };
    case "endswith":
      return { sql: `(length(${b?.sql}) = 0 OR substr(${a?.sql}, -length(${b?.sql})) = ${b?.sql})`, type: "UInt8" };
    case "substring":
      return { sql: `substr(${args.map((arg) => arg.sql).join(", ")})`, type: "String" };
    case "intdiv":
      return { sql: `CAST((${a?.sql}) / (${b?.sql}) AS INTEGER)`, type: "Int64" };
    case "round":
    case "floor":
    case "ceil":
      if (b) throw new StandinLimit(`The stand-in does not evaluate ${name}() to decimal places`);
      return { sql: `${name}(${a?.sql})`, type: "Float64" };
    case "touint8":
    case "touint32":
      return { sql: `CAST(${a?.sql} AS INTEGER)`, type: name === "touint8" ? "UInt8" : "UInt32" };
    default:
      throw new StandinLimit(`The stand-in does not evaluate ${name}()`);
  }
}

function arithmetic(op: string, left: Part, right: Part): Part {
  if (left.type === "Interval" || right.type === "Interval") {
    const time = left.type === "Interval" ? right : left;
    return { sql: `(${left.sql} ${op} ${right.sql})`, type: time.type === "Interval" ? "Int64" : time.type };
  }
  if (op === "/") return { sql: `(CAST(${left.sql} AS REAL) / ${right.sql})`, type: "Float64" };
  const float = left.type === "Float64" || right.type === "Float64";
  return { sql: `(${left.sql} ${op} ${right.sql})`, type: float ? "Float64" : "Int64" };
}

function binary(expr: Extract<Expr, { kind: "binary" }>, scope: Scope): Part {
  let left = translate(expr.left, scope);
  let right = translate(expr.right, scope);
  left = asTimeIfText(left, expr.left, right);
  right = asTimeIfText(right, expr.right, left);
  if (["+", "-", "*", "/", "%"].includes(expr.op)) return arithmetic(expr.op, left, right);
  if (expr.op === "ILIKE" || expr.op === "NOT ILIKE") {
    const not = expr.op === "NOT ILIKE" ? "NOT " : "";
    return { sql: `(lower(${left.sql}) ${not}LIKE lower(${right.sql}))`, type: "UInt8" };
  }
  return { sql: `(${left.sql} ${expr.op} ${right.sql})`, type: "UInt8" };
}

/** One expression as SQLite writes it, with its ClickHouse type. */
export function translate(expr: Expr, scope: Scope): Part {
  const all = (list: Expr[]) => list.map((item) => translate(item, scope).sql).join(", ");
  switch (expr.kind) {
    case "number": {
      const float = /[.eE]/.test(expr.text);
      return { sql: expr.text, type: float ? "Float64" : integerLiteralType(Number(expr.text)) };
    }
    case "string":
      return { sql: quote(expr.value), type: "String" };
    case "bool":
      return { sql: expr.value ? "1" : "0", type: "UInt8" };
    case "interval": {
      const unit = UNIT_SECONDS[expr.unit];
      if (!unit) throw new StandinLimit(`The stand-in does not evaluate ${expr.unit} intervals`);
      return { sql: String(expr.amount * unit), type: "Interval" };
    }
    case "name":
      return { sql: `"${expr.name}"`, type: scope.types.get(expr.name) ?? "String" };
    case "unary": {
      const inner = translate(expr.operand, scope);
      return expr.op === "NOT"
        ? { sql: `(NOT ${inner.sql})`, type: "UInt8" }
        : { sql: `(-${inner.sql})`, type: inner.type };
    }
    case "binary":
      return binary(expr, scope);
    case "in":
      return {
        sql: `(${translate(expr.operand, scope).sql} ${expr.negated ? "NOT " : ""}IN (${all(expr.list)}))`,
        type: "UInt8",
      };
    case "between": {
      const [operand, low, high] = [expr.operand, expr.low, expr.high].map((item) => translate(item, scope).sql);
      return { sql: `(${operand} ${expr.negated ? "NOT " : ""}BETWEEN ${low} AND ${high})`, type: "UInt8" };
    }
    case "position":
      return {
        sql: `instr(${translate(expr.haystack, scope).sql}, ${translate(expr.needle, scope).sql})`,
        type: "UInt64",
      };
    case "extract":
      return timePart(expr.unit, translate(expr.from, scope).sql);
    case "call": {
      if (expr.params) throw new StandinLimit(`The stand-in does not evaluate ${expr.name}(…)(…)`);
      const args = expr.args.map((arg) => translate(arg, scope));
      const isAggregate = ["count", "sum", "avg", "min", "max", "countif", "sumif", "avgif"].includes(expr.name);
      if (isAggregate || ["quantileweighted", "argmax", "argmin", "first_value", "last_value"].includes(expr.name)) {
        return aggregate(expr.name, args, expr.distinct, expr.args);
      }
      return scalar(expr.name, args, expr.args, scope);
    }
  }
}

export type Translated = { sql: string; columns: { name: string; type: ColumnType }[]; limited: boolean };

/**
 * The SELECT as SQLite SQL over `tableOf(dataset)`. The top level answers positional columns (c0, c1…,
 * so two columns of one name both survive); a subquery answers its own names for the outer query.
 */
export function translateSelect(
  select: Select,
  tableOf: (name: string) => string,
  now: number,
  top = true,
): Translated {
  let types = new Map<string, ColumnType>();
  let from = "";
  if (select.from && "table" in select.from) {
    from = ` FROM "${tableOf(select.from.table)}"`;
    types = new Map(DATASET_COLUMNS.map((name) => [name, datasetColumnType(name)] as const));
  } else if (select.from) {
    const inner = translateSelect(select.from.subquery, tableOf, now, false);
    from = ` FROM (${inner.sql}) AS sub`;
    types = new Map(inner.columns.map((column) => [column.name, column.type] as const));
  }
  const scope: Scope = { types, now };
  const parts = select.columns.map((item) => ({ ...translate(item.expr, scope), name: item.name }));
  const columns = parts.map((part) => ({ name: part.name, type: part.type === "Interval" ? "Int64" : part.type }));
  const list = parts.map((part, i) => `${part.sql} AS "${top ? `c${i}` : part.name.replaceAll('"', '""')}"`).join(", ");
  let sql = `SELECT ${list}${from}`;
  if (select.where) sql += ` WHERE ${translate(select.where, scope).sql}`;
  if (select.groupBy.length > 0) sql += ` GROUP BY ${select.groupBy.map((e) => translate(e, scope).sql).join(", ")}`;
  if (select.having) sql += ` HAVING ${translate(select.having, scope).sql}`;
  if (select.orderBy.length > 0) {
    sql += ` ORDER BY ${select.orderBy.map((o) => `${translate(o.expr, scope).sql}${o.desc ? " DESC" : ""}`).join(", ")}`;
  }
  const limited = select.limit !== null || select.offset !== null;
  if (limited) sql += ` LIMIT ${select.limit ?? -1} OFFSET ${select.offset ?? 0}`;
  return { sql, columns, limited };
}
