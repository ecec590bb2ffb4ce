/**
 * The tokens of Workers Analytics Engine's SQL, as its reference writes them
 * (https://developers.cloudflare.com/analytics/analytics-engine/sql-reference/literals/ and
 * …/operators/): integers and doubles, 'single-quoted' strings, bare identifiers, the documented
 * operators, parentheses, commas, `*`, `;` and `--` line comments. Anything else (a double-quoted
 * or back-quoted name, a block comment, a stray character) is refused here.
 */

export type Token =
  | { kind: "word"; text: string; upper: string; at: number }
  | { kind: "number"; text: string; at: number }
  | { kind: "string"; value: string; at: number }
  | { kind: "op"; text: string; at: number }
  | { kind: "end"; at: number };

export class SqlRefusal extends Error {
  override name = "SqlRefusal";
}

/** The operators of the reference, longest first so `<=` is read before `<`. */
const OPERATORS = ["<=", ">=", "<>", "!=", "=", "<", ">", "+", "-", "*", "/", "%", "(", ")", ",", ";"];

const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /\d+(\.\d+)?([eE][-+]?\d+)?/y;
const SPACE = /\s+/y;

/** Backslash escapes ClickHouse reads in a string (the reference shows none, so only the plain ones). */
const ESCAPES: Record<string, string> = { "\\": "\\", "'": "'", n: "\n", t: "\t", r: "\r", "0": "\0" };

function readString(sql: string, start: number): { value: string; end: number } {
  let value = "";
  let i = start + 1;
  while (i < sql.length) {
    const char = sql[i] as string;
    if (char === "'" && sql[i + 1] === "'") {
      value += "'";
      i += 2;
    } else if (char === "'") {
      return { value, end: i + 1 };
    } else if (char === "\\") {
      const escaped = ESCAPES[sql[i + 1] ?? ""];
      if (escaped === undefined) throw new SqlRefusal(`Unknown escape in a string at position ${i}`);
      value += escaped;
      i += 2;
    } else {
      value += char;
      i += 1;
    }
  }
  throw new SqlRefusal(`Unterminated string starting at position ${start}`);
}

function match(pattern: RegExp, sql: string, at: number): string | null {
  pattern.lastIndex = at;
  return pattern.exec(sql)?.[0] ?? null;
}

/** The query's tokens, ending with an "end" token; SqlRefusal for anything the dialect does not write. */
export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < sql.length) {
    const space = match(SPACE, sql, at);
    if (space) {
      at += space.length;
      continue;
    }
    if (sql.startsWith("--", at)) {
      const newline = sql.indexOf("\n", at);
      at = newline === -1 ? sql.length : newline + 1;
      continue;
    }
    if (sql.startsWith("/*", at)) throw new SqlRefusal(`Block comments are not supported (position ${at})`);
    const char = sql[at] as string;
    if (char === "'") {
      const { value, end } = readString(sql, at);
      tokens.push({ kind: "string", value, at });
      at = end;
      continue;
    }
    const number = match(NUMBER, sql, at);
    if (number) {
      tokens.push({ kind: "number", text: number, at });
      at += number.length;
      continue;
    }
    const word = match(WORD, sql, at);
    if (word) {
      tokens.push({ kind: "word", text: word, upper: word.toUpperCase(), at });
      at += word.length;
      continue;
    }
    const op = OPERATORS.find((candidate) => sql.startsWith(candidate, at));
    if (!op) throw new SqlRefusal(`Unexpected character ${JSON.stringify(char)} at position ${at}`);
    tokens.push({ kind: "op", text: op, at });
    at += op.length;
  }
  tokens.push({ kind: "end", at });
  return tokens;
}
