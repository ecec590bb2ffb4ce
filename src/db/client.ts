/**
 * drizzle-orm over the D1 binding: the typed builder the features write and read with, made once
 * per binding (an isolate keeps it). And the one place a batch is run: D1 runs a batch as one
 * transaction, and a batch may mix drizzle's statements with the raw SQL whose atomicity is the
 * point (guarded counters, checks that fail the whole batch).
 */
import { SQL } from "drizzle-orm";
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

export type Database = DrizzleD1Database;

const clients = new WeakMap<D1Database, Database>();

export function database(d1: D1Database): Database {
  let client = clients.get(d1);
  if (!client) {
    client = drizzle(d1);
    clients.set(d1, client);
  }
  return client;
}

/** A statement for a batch: one of drizzle's (not yet run), or raw SQL written with drizzle's `sql`. */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

const dialect = new SQLiteAsyncDialect();

function prepared(d1: D1Database, statement: Statement): D1PreparedStatement {
  const query = statement instanceof SQL ? dialect.sqlToQuery(statement) : statement.toSQL();
  return d1.prepare(query.sql).bind(...query.params);
}

/**
 * Runs the statements as one D1 batch (one transaction: all or nothing) and returns each one's
 * rows (what its RETURNING or SELECT gave; empty for the rest). drizzle's own batch cannot take raw
 * SQL with parameters, which the guarded statements need.
 */
export async function runBatch(d1: D1Database, statements: readonly Statement[]): Promise<Record<string, unknown>[][]> {
  if (statements.length === 0) return [];
  const results = await d1.batch<Record<string, unknown>>(statements.map((s) => prepared(d1, s)));
  return results.map((result) => result.results ?? []);
}
