/**
 * drizzle-orm over the D1 binding: the typed builder the features write and read with. Made once
 * per binding (an isolate keeps it), as cheap to ask for as the binding itself.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";

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

/** Statements for one batch, which drizzle takes as a non-empty tuple. */
export type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** The statements as drizzle's batch takes them; an empty list is a mistake of the caller's. */
export function batchOf(statements: readonly BatchItem<"sqlite">[]): Batch {
  const [first, ...rest] = statements;
  if (!first) throw new Error("A batch needs at least one statement");
  return [first, ...rest];
}
