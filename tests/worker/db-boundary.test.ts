/// <reference types="vite/client" />
// Raw SQL lives in a feature's *-queries.ts and in src/db/ (README, "Data layer"): everywhere else
// the worker reaches D1 through drizzle's typed builder, never preparing or executing a statement
// of its own, nor writing one out. Read from the sources themselves, so a statement added anywhere
// else fails here.
import { describe, expect, it } from "vitest";

const sources = import.meta.glob<string>("../../src/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });

/** D1's calls that run SQL text (a batch may be drizzle's, of typed statements). */
const D1_CALL = /\.(prepare|exec)\(/;

/** The start of a statement as SQL is written in this project (keywords in capitals). */
const SQL_TEXT =
  /\b(SELECT\s+[\w*(]|INSERT\s+(OR\s+[A-Z]+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX))/;

/** Where raw SQL may be written: the features' query modules and src/db/. */
const RAW_SQL_HOME = /\/src\/db\/|-queries\.ts$/;

/** `file:line: text` for every line outside them that matches. */
function offending(pattern: RegExp): string[] {
  return Object.entries(sources)
    .filter(([path]) => !RAW_SQL_HOME.test(path))
    .flatMap(([path, text]) =>
      text
        .split("\n")
        .map((line, i) => ({ line, at: `${path.replace(/^(\.\.\/)+/, "")}:${i + 1}` }))
        .filter(({ line }) => pattern.test(line))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
}

describe("the data layer's boundary", () => {
  it("reads the worker's sources, the query modules among them", () => {
    const paths = Object.keys(sources);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.some((path) => path.endsWith("/src/orders/orders.ts"))).toBe(true);
  });

  it("runs no raw statement outside the query modules", () => {
    expect(offending(D1_CALL)).toEqual([]);
  });

  it("writes no SQL outside the query modules", () => {
    expect(offending(SQL_TEXT)).toEqual([]);
  });
});
