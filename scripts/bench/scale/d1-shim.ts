/**
 * Enough of the D1 binding over node:sqlite to run the site's own query code against a seeded
 * state file, recording every statement it sends: the plans are of the SQL the worker really runs.
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import type { personShown } from "../../../src/privacy/person.ts";

/** The worker's D1Database type, as the site's query code takes it (scripts do not see the worker's globals). */
export type D1 = Parameters<typeof personShown>[0];

export type Sent = { sql: string; params: SQLInputValue[] };

function bindable(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return value as SQLInputValue;
}

/** A statement that writes: recorded (its plan is wanted) but not run, the state file stays as seeded. */
const WRITES = /^\s*(with\b[\s\S]*?\b)?(insert|update|delete|replace)\b/i;

function statement(db: DatabaseSync, sent: Sent[], sql: string, params: SQLInputValue[]) {
  const record = () => sent.push({ sql, params });
  const rows = (): Record<string, unknown>[] => {
    record();
    if (WRITES.test(sql)) return [];
    return db.prepare(sql).all(...params) as Record<string, unknown>[];
  };
  return {
    bind: (...values: unknown[]) => statement(db, sent, sql, values.map(bindable)),
    all: async () => ({ results: rows(), success: true, meta: {} }),
    first: async (column?: string) => {
      const row = rows()[0];
      return row === undefined ? null : column ? row[column] : row;
    },
    raw: async (options?: { columnNames?: boolean }) => {
      record();
      const prepared = db.prepare(sql);
      const columns = prepared.columns().map((c) => c.name);
      prepared.setReturnArrays(true);
      const arrays = prepared.all(...params) as unknown as unknown[][];
      return options?.columnNames ? [columns, ...arrays] : arrays;
    },
    run: async () => {
      record();
      if (!WRITES.test(sql)) db.prepare(sql).run(...params);
      return { results: [], success: true, meta: { changes: 0 } };
    },
  };
}

/** A D1Database answering from `db` and appending each statement it runs to `sent`. */
export function recordingD1(db: DatabaseSync, sent: Sent[]): D1 {
  const d1 = {
    prepare: (sql: string) => statement(db, sent, sql, []),
    batch: async (statements: { all: () => Promise<unknown> }[]) => {
      const results = [];
      for (const s of statements) results.push(await s.all());
      return results;
    },
    exec: async () => {
      throw new Error("exec is not part of the measured queries");
    },
  };
  return d1 as unknown as D1;
}
