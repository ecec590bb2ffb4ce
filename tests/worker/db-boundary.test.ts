/// <reference types="vite/client" />
// All SQL lives in src/db/ (README, "Data layer"): no other module of the worker prepares, batches or
// executes a statement, or writes one out. Read from the sources themselves, so a statement added
// anywhere else fails here.
import { describe, expect, it } from "vitest";

const sources = import.meta.glob<string>("../../src/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });

/** D1's calls that run SQL. */
const D1_CALL = /\.(prepare|batch|exec)\(/;

/** The start of a statement as SQL is written in this project (keywords in capitals). */
const SQL_TEXT =
  /\b(SELECT\s+[\w*(]|INSERT\s+(OR\s+[A-Z]+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX))/;

/** `file:line: text` for every line outside src/db/ that matches. */
function offending(pattern: RegExp): string[] {
  return Object.entries(sources)
    .filter(([path]) => !path.includes("/src/db/"))
    .flatMap(([path, text]) =>
      text
        .split("\n")
        .map((line, i) => ({ line, at: `${path.replace(/^(\.\.\/)+/, "")}:${i + 1}` }))
        .filter(({ line }) => pattern.test(line))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
}

describe("the data layer's boundary", () => {
  it("reads the worker's sources, src/db/ among them", () => {
    const paths = Object.keys(sources);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.some((path) => path.endsWith("/src/db/orders.ts"))).toBe(true);
  });

  it("runs no statement outside src/db/", () => {
    expect(offending(D1_CALL)).toEqual([]);
  });

  it("writes no SQL outside src/db/", () => {
    expect(offending(SQL_TEXT)).toEqual([]);
  });
});
