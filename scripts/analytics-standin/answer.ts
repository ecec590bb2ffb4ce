/**
 * A checked statement run over the stored points and written as the SQL API answers
 * (https://developers.cloudflare.com/analytics/analytics-engine/sql-reference/statements/#format-clause):
 * FORMAT JSON is `{ meta: [{ name, type }], data: [{ … }], rows, rows_before_limit_at_least? }`,
 * with ClickHouse's JSON rules for values: 64-bit integers (a sum of _sample_interval, a count) as
 * strings, other numbers as numbers, DateTime as "YYYY-MM-DD hh:mm:ss" in UTC. JSONEachRow is one
 * object a line; TabSeparated one row a line, values separated by tabs.
 */
import type { Statement } from "./dialect.ts";
import { type ColumnType, translateSelect } from "./evaluate.ts";
import type { OutputFormat } from "./functions.ts";
import type { PointStore } from "./store.ts";

export type Answer = { status: number; contentType: string; body: string };
type Column = { name: string; type: ColumnType };

/** The stand-in says what it is: Nairobi's and UTC's zones, the ones the site uses. */
const TIMEZONES = ["Africa/Nairobi", "Etc/UTC"];

function jsonValue(value: unknown, type: ColumnType): unknown {
  if (value === null || value === undefined) return null;
  const n = typeof value === "bigint" ? Number(value) : value;
  switch (type) {
    case "DateTime":
      return new Date(Number(n) * 1000).toISOString().slice(0, 19).replace("T", " ");
    case "Date":
      return new Date(Number(n) * 1000).toISOString().slice(0, 10);
    case "UInt64":
    case "Int64":
      return String(Math.trunc(Number(n)));
    case "String":
      return String(n);
    default:
      return Number(n);
  }
}

function written(format: OutputFormat, columns: Column[], rows: unknown[][], before: number | null): Answer {
  const objects = rows.map((row) => Object.fromEntries(columns.map((column, i) => [column.name, row[i]])));
  if (format === "JSONEachRow") {
    const body = objects.map((object) => JSON.stringify(object)).join("\n");
    return { status: 200, contentType: "application/x-ndjson", body: body ? `${body}\n` : "" };
  }
  if (format === "TabSeparated") {
    const cell = (value: unknown) => (value === null ? "\\N" : String(value).replace(/[\t\n\\]/g, (c) => `\\${c}`));
    const body = rows.map((row) => row.map(cell).join("\t")).join("\n");
    return { status: 200, contentType: "text/tab-separated-values", body: body ? `${body}\n` : "" };
  }
  const json: Record<string, unknown> = { meta: columns, data: objects, rows: objects.length };
  if (before !== null) json.rows_before_limit_at_least = before;
  return { status: 200, contentType: "application/json", body: JSON.stringify(json) };
}

function show(statement: Extract<Statement, { kind: "show" }>, store: PointStore): Answer {
  if (statement.what === "TABLES") {
    const tables = store.datasets.map((dataset) => [dataset]);
    return written(statement.format, [{ name: "dataset", type: "String" }], tables, null);
  }
  if (statement.what === "TIMEZONE")
    return written(statement.format, [{ name: "timezone", type: "String" }], [["Etc/UTC"]], null);
  return written(
    statement.format,
    [{ name: "name", type: "String" }],
    TIMEZONES.map((zone) => [zone]),
    null,
  );
}

/** The statement's answer over the store's points at `now` (Unix seconds, what now() reads). */
export function answerStatement(statement: Statement, store: PointStore, now: number): Answer {
  if (statement.kind === "show") return show(statement, store);
  const translated = translateSelect(statement.select, (dataset) => store.tableOf(dataset), now);
  const raw = store.all(translated.sql);
  const rows = raw.map((row) => translated.columns.map((column, i) => jsonValue(row[`c${i}`], column.type)));
  let before: number | null = null;
  if (translated.limited) {
    const unlimited = translated.sql.replace(/ LIMIT -?\d+ OFFSET \d+$/, "");
    before = Number(store.all(`SELECT COUNT(*) AS n FROM (${unlimited})`)[0]?.n ?? 0);
  }
  return written(statement.format, translated.columns, rows, before);
}
